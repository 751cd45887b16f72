/**
 * The providers' detail formats → ingest updates, exhaustively on what each parser must refuse:
 * Nami's odds tuples (closed lines, short or non-numeric tuples), its text live (minute and
 * stoppage from "45+2'"), its lineup (unconfirmed is not shown) and table; api-sports' odds (the
 * main line is the most balanced pair, water = decimal − 1), lineups and standings.
 */
import { describe, expect, it } from 'vitest';
import { lineupOf, oddsUpdates as namiOdds, tableRows, textLines } from '../../../server/live/nami/details';
import { lineupsOf, oddsUpdates as apiOdds, standingsRows, type ApiOdds } from '../../../server/live/apisports/details';
import { bet } from './apisports/fake';

describe('Nami details', () => {
  it('odds: one update per company and market; closed, short and non-numeric tuples are skipped', () => {
    const u = namiOdds('zq', {
      '3900001': {
        asia: [
          [2, 1700000000, '', 0.92, 0.5, 0.94, 0, ''],
          [3, 1700000000, '', 0.9, 0.5, 0.96, 1, ''], // closed
          [4, 1700000000, '', 0.9],
        ],
        eu: [[5, '1700000100', '', '1.90', '3.40', '4.00', 0, '']],
        bs: [[6, 1700000000, '', 'x', 2.5, 0.9, 0, '']],
        cr: [[2, 1700000000, '', 0.9, 2.5, 0.9, 0, '']],
      },
      nonsense: 'x',
    });
    expect(u.map((x) => [x.match, x.type, x.company.id, x.company.name, x.left, x.middle, x.right, x.rev])).toEqual([
      ['3900001', 1, 2, 'Bet365', 0.92, 0.5, 0.94, 1_700_000_000_000],
      ['3900001', 2, 5, '立博', 1.9, 3.4, 4, 1_700_000_100_000],
    ]);
    expect(namiOdds('zq', [])).toEqual([]);
    expect(namiOdds('zq', null)).toEqual([]);
  });

  it('text live: minute and stoppage from the time, the event type, empty lines dropped', () => {
    expect(
      textLines([
        { time: "23'", data: ' 萨卡破门 ', position: 1, type: 1 },
        { time: "45+2'", data: '上半场结束', position: 0, type: 0 },
        { time: '', data: '比赛即将开始' },
        { time: "50'", data: '' },
        null,
      ]),
    ).toEqual([
      { key: "23'| 萨卡破门 ", minute: 23, text: '萨卡破门', type: 'goal' },
      { key: "45+2'|上半场结束", minute: 45, stoppage: 2, text: '上半场结束', type: 'text' },
      { key: '|比赛即将开始', minute: 0, text: '比赛即将开始', type: 'text' },
    ]);
    expect(textLines('x')).toEqual([]);
  });

  it('lineup: starters and bench by `first`, positions mapped; an unconfirmed lineup is not shown', () => {
    const home = [
      { id: 1, name: '拉亚', shirt_number: 22, position: 'G', first: 1 },
      { id: 2, name: '萨卡', shirt_number: 7, position: 'F', first: 1 },
      { id: 3, name: '特罗萨德', shirt_number: 19, position: 'F', first: 0 },
    ];
    const l = lineupOf({ confirmed: 1, home_formation: '4-3-3', away_formation: '4-4-2', home, away: home });
    expect(l?.home).toEqual({
      formation: '4-3-3',
      coach: null,
      starters: [
        { id: 1, name: '拉亚', number: 22, position: 'GK' },
        { id: 2, name: '萨卡', number: 7, position: 'FW' },
      ],
      bench: [{ id: 3, name: '特罗萨德', number: 19, position: 'FW' }],
    });
    expect(lineupOf({ confirmed: 0, home, away: home })).toBeNull();
    expect(lineupOf(null)).toBeNull();
  });

  it('table: rows of known teams, loss or lost', () => {
    const teams = new Map([[19, { id: 19, name: '阿森纳', short_name: '阿森纳' }]]);
    expect(
      tableRows(
        {
          tables: [
            {
              rows: [
                { team_id: 19, points: 20, total: 10, won: 6, draw: 2, lost: 2, goals: 17, goals_against: 10 },
                { team_id: 99, points: 1 },
              ],
            },
          ],
        },
        teams,
      ),
    ).toEqual([
      {
        team: { id: 19, name: '阿森纳' },
        played: 10,
        win: 6,
        draw: 2,
        loss: 2,
        goalsFor: 17,
        goalsAgainst: 10,
        points: 20,
      },
    ]);
    expect(tableRows(null, teams)).toEqual([]);
  });
});

describe('api-sports details', () => {
  const answer = (bets: ApiOdds['bookmakers'][number]['bets']): ApiOdds => ({
    fixture: { id: 7 },
    update: '2026-11-22T09:00:00+00:00',
    bookmakers: [{ id: 8, name: 'Bet365', bets }],
  });

  it('odds: 欧指 as given; 亚指 and 大小球 the most balanced line, as water', () => {
    const u = apiOdds(
      answer([
        bet(1, 'Match Winner', { Home: '2.10', Draw: '3.20', Away: '3.50' }),
        bet(4, 'Asian Handicap', {
          'Home +0.25': '1.70',
          'Away -0.25': '2.20',
          'Home -0.25': '2.02',
          'Away +0.25': '1.86',
        }),
        bet(5, 'Goals Over/Under', {
          'Over 2.5': '2.05',
          'Under 2.5': '1.80',
          'Over 2.25': '1.92',
          'Under 2.25': '1.94',
        }),
      ]),
    );
    expect(u.map((x) => [x.type, x.left, x.middle, x.right])).toEqual([
      [2, 2.1, 3.2, 3.5],
      [1, 1.02, 0.25, 0.86],
      [3, 0.92, 2.25, 0.94],
    ]);
    expect(u[0]).toMatchObject({ company: { id: 8, name: 'Bet365' }, rev: Date.parse('2026-11-22T09:00:00Z') });
  });

  it('odds: a bet missing a side, or a bad update time, gives nothing', () => {
    const half = answer([{ id: 1, name: 'Match Winner', values: [{ value: 'Home', odd: '2.10' }] }]);
    expect(apiOdds(half)).toEqual([]);
    expect(apiOdds({ ...answer([]), update: 'yesterday' })).toEqual([]);
  });

  it('lineups: home and away by team id, null until both are published', () => {
    const side = (id: number) => ({
      team: { id, name: '' },
      coach: { id: 1, name: 'Coach' },
      formation: '4-4-2',
      startXI: [{ player: { id: id * 10, name: 'GK', number: 1, pos: 'G' } }],
      substitutes: [{ player: { id: id * 10 + 1, name: 'Sub', number: 12, pos: null } }],
    });
    const l = lineupsOf([side(2), side(1)], 1, 2);
    expect(l?.home.starters).toEqual([{ id: 10, name: 'GK', number: 1, position: 'GK' }]);
    expect(l?.away.bench).toEqual([{ id: 21, name: 'Sub', number: 12, position: 'MF' }]);
    expect(l?.home.coach).toBe('Coach');
    expect(lineupsOf([side(1)], 1, 2)).toBeNull();
  });

  it('standings: the first group, counts from `all`', () => {
    const rows = standingsRows([
      {
        league: {
          id: 39,
          name: 'Premier League',
          season: 2026,
          standings: [
            [
              {
                rank: 1,
                team: { id: 40, name: 'Liverpool' },
                points: 29,
                all: { played: 12, win: 9, draw: 2, lose: 1, goals: { for: 25, against: 9 } },
              },
            ],
          ],
        },
      },
    ]);
    expect(rows).toEqual([
      {
        team: { id: 40, name: 'Liverpool' },
        played: 12,
        win: 9,
        draw: 2,
        loss: 1,
        goalsFor: 25,
        goalsAgainst: 9,
        points: 29,
      },
    ]);
    expect(standingsRows([])).toEqual([]);
  });
});
