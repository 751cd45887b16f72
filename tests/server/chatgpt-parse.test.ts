import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../server/chatgpt/catalogue';
import { parseQuestion } from '../../server/chatgpt/parse-question';

/** A catalogue of two clubs whose names meet inside a player's name (科隆 in 詹姆斯·科隆博). */
function catalogue(): Catalogue {
  const teams = [
    { id: 1, name: '考纳斯萨拉基利斯', leagueId: 10, sport: 'lq' as const, keys: ['考纳斯萨拉基利斯'] },
    { id: 2, name: '科隆', leagueId: 20, sport: 'zq' as const, keys: ['科隆'] },
    { id: 3, name: '罗马', leagueId: 30, sport: 'zq' as const, keys: ['罗马'] },
  ];
  return {
    leagues: [
      { id: 10, name: '欧洲篮球联赛', sport: 'lq' },
      { id: 20, name: '德甲', sport: 'zq' },
      { id: 30, name: '意甲', sport: 'zq' },
    ],
    teams,
    anchors: [],
    players: new Map([
      ['詹姆斯·科隆博', [{ id: 100, teamId: 1 }]],
      ['迪巴拉', [{ id: 200, teamId: 3 }]],
    ]),
    teamName: new Map(teams.map((t) => [t.id, t.name])),
    leagueName: new Map([
      [10, '欧洲篮球联赛'],
      [20, '德甲'],
      [30, '意甲'],
    ]),
  };
}

describe('parseQuestion: players and team names', () => {
  it('reads a player whose name holds a shorter club name as the player, with his own team', () => {
    const p = parseQuestion('考纳斯萨拉基利斯詹姆斯·科隆博本赛季数据', [], catalogue(), 5);
    expect(p.intent).toBe('player');
    expect(p.player).toBe('詹姆斯·科隆博');
    expect(p.teamIds).toEqual([1]);
    expect(p.missing).toBeNull();
  });

  it('still reads the club where it stands on its own beside a player', () => {
    const p = parseQuestion('罗马迪巴拉本赛季进了几个球', [], catalogue(), 5);
    expect(p.intent).toBe('player');
    expect(p.player).toBe('迪巴拉');
    expect(p.teamIds).toEqual([3]);
  });

  it('reads a club alone when no player is named', () => {
    const p = parseQuestion('科隆排第几', [], catalogue(), 5);
    expect(p.intent).toBe('position');
    expect(p.teamIds).toEqual([2]);
    expect(p.player).toBeNull();
  });
});
