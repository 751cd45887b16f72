/** Seed catalogue: real Chinese names, pinyin letters, squads, standings and crests. */
import { describe, expect, it } from 'vitest';
import { ALL_LEAGUES, BOOKMAKERS, TEAMS, leagueTeams, seasonOf } from '../../server/seed/leagues';
import { squadOf } from '../../server/seed/players';
import { standingsOf } from '../../server/seed/seed';
import { crestMark, crestSvg } from '../../server/seed/crest';

describe('seed catalogue', () => {
  it('has the leagues of the brief with their pinyin letters', () => {
    const letter = Object.fromEntries(ALL_LEAGUES.map((l) => [l.name, l.letter]));
    expect(letter).toMatchObject({
      英超: 'Y',
      西甲: 'X',
      意甲: 'Y',
      德甲: 'D',
      法甲: 'F',
      中超: 'Z',
      欧冠: 'O',
      日职联: 'R',
      韩K联: 'H',
      荷甲: 'H',
      葡超: 'P',
      澳超: 'A',
      NBA: 'N',
      CBA: 'C',
      欧洲篮球联赛: 'O',
    });
    expect(new Set(ALL_LEAGUES.map((l) => l.id)).size).toBe(ALL_LEAGUES.length);
    const names = new Set(TEAMS.map((t) => t.name));
    for (const n of ['阿森纳', '曼城', '利物浦', '皇家马德里', '巴塞罗那', '湖人', '勇士', '广东宏远', '辽宁本钢'])
      expect(names.has(n), n).toBe(true);
    expect(BOOKMAKERS.map((b) => b.nameZh)).toEqual([
      '澳门',
      '皇冠',
      'Bet365',
      '威廉希尔',
      '立博',
      '易胜博',
      '韦德',
      '12BET',
    ]);
    expect(leagueTeams(ALL_LEAGUES.find((l) => l.name === '欧冠')!).length).toBeGreaterThanOrEqual(24);
    expect(seasonOf(ALL_LEAGUES[0]!, Date.parse('2026-11-22T00:00:00Z'))).toBe('2026-2027');
    expect(
      seasonOf(
        ALL_LEAGUES.find((l) => l.name === '中超')!,
        Date.parse('2026-11-22T00:00:00Z'),
      ),
    ).toBe('2026');
  });

  it('squads: positions, unique shirt numbers and names, plausible ages, deterministic', () => {
    for (const team of TEAMS) {
      const squad = squadOf(team, 1);
      expect(squad.length).toBe(team.sport === 'zq' ? 24 : 13);
      expect(new Set(squad.map((p) => p.number)).size).toBe(squad.length);
      expect(new Set(squad.map((p) => p.name)).size).toBe(squad.length);
      expect(squad.every((p) => p.age >= 18 && p.age <= 35 && /[\u4e00-\u9fff]/.test(p.name))).toBe(true);
      if (team.sport === 'zq') expect(squad.filter((p) => p.position === '门将').length).toBe(3);
    }
    const team = TEAMS[0]!;
    expect(squadOf(team, 1)).toEqual(squadOf(team, 1));
    expect(squadOf(team, 1)).not.toEqual(squadOf(team, 2));
  });

  it('standings rank every league team once, by points', () => {
    const rows = standingsOf(3);
    for (const league of ALL_LEAGUES.filter((l) => !l.cup)) {
      const table = rows.filter((r) => r.league_id === league.id);
      expect(table.length).toBe(league.teams.length);
      expect(table.map((r) => r.rank).sort((a, b) => a - b)).toEqual(table.map((_, i) => i + 1));
      for (const r of table) expect(r.win + r.draw + r.loss).toBe(r.played);
    }
  });

  it('crests: the first Chinese character, escaped, no script', () => {
    expect(crestMark('AC米兰')).toBe('米');
    expect(crestMark('12BET')).toBe('1');
    const svg = crestSvg({ id: 1, name: '<script>alert(1)</script>', color: '#000', color2: '#fff', sport: 'zq' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(crestSvg(TEAMS[0]!)).toContain('>阿<');
  });
});
