/** Analysis and intelligence views (props only): past meetings, form, fixtures, table, news. */
import type { AnalysisMatch, Intelligence, LeagueTable } from '../../../workers/protocol/index';
import { LIVE_TEXT } from './strings';

/** Result of `teamId` in a finished match, for colouring. */
function resultFor(m: AnalysisMatch, teamId: number): 'lv-win' | 'lv-draw' | 'lv-lose' | '' {
  if (!m.score) return '';
  const [h, a] = m.score;
  const mine = m.homeId === teamId ? h : a;
  const theirs = m.homeId === teamId ? a : h;
  return mine > theirs ? 'lv-win' : mine === theirs ? 'lv-draw' : 'lv-lose';
}

export function MatchTable({
  title,
  matches,
  teamId,
  dateText,
}: {
  title: string;
  matches: AnalysisMatch[];
  teamId: number | null;
  dateText: (ot: number) => string;
}) {
  return (
    <section className="lv-section">
      <h4>{title}</h4>
      {matches.length === 0 ? (
        <p className="lv-empty">暂无数据</p>
      ) : (
        <table className="lv-simple-table">
          <tbody>
            {matches.map((m) => (
              <tr key={m.matchId}>
                <td>{m.leagueName}</td>
                <td>{dateText(m.ot)}</td>
                <td style={{ textAlign: 'right' }}>{m.home}</td>
                <td className={teamId !== null ? resultFor(m, teamId) : ''}>
                  <b>{m.score ? `${m.score[0]}-${m.score[1]}` : LIVE_TEXT.vs}</b>
                  {m.half && (
                    <small>
                      {' '}
                      ({m.half[0]}-{m.half[1]})
                    </small>
                  )}
                </td>
                <td style={{ textAlign: 'left' }}>{m.away}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function StandingsTable({
  table,
  highlight,
  basketball = false,
}: {
  table: LeagueTable;
  highlight: number[];
  basketball?: boolean;
}) {
  return (
    <section className="lv-section">
      <h4>
        {LIVE_TEXT.table} · {table.leagueName} {table.season}
      </h4>
      <table className="lv-simple-table" data-table>
        <thead>
          <tr>
            <th>排名</th>
            <th>球队</th>
            <th>赛</th>
            <th>胜</th>
            {!basketball && <th>平</th>}
            <th>负</th>
            <th>{basketball ? '得/失' : '进/失'}</th>
            <th>{basketball ? '胜率' : '积分'}</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr
              key={r.teamId}
              style={highlight.includes(r.teamId) ? { background: '#fff8e6', fontWeight: 600 } : undefined}
            >
              <td>{r.rank}</td>
              <td>{r.teamName}</td>
              <td>{r.played}</td>
              <td>{r.win}</td>
              {!basketball && <td>{r.draw}</td>}
              <td>{r.loss}</td>
              <td>
                {r.goalsFor}/{r.goalsAgainst}
              </td>
              <td>{basketball ? `${r.played ? ((r.win / r.played) * 100).toFixed(0) : 0}%` : r.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function IntelView({ intel, home, away }: { intel: Intelligence; home: string; away: string }) {
  const empty =
    !intel.home.good.length &&
    !intel.home.bad.length &&
    !intel.away.good.length &&
    !intel.away.bad.length &&
    !intel.neutral.length;
  if (empty) return <p className="lv-empty">{LIVE_TEXT.intelEmpty}</p>;
  return (
    <div data-intel>
      {(
        [
          ['home', home],
          ['away', away],
        ] as const
      ).map(([side, name]) => (
        <div key={side}>
          {(['good', 'bad'] as const).map((kind) => (
            <section key={kind} className={`lv-section lv-intel-${kind}`}>
              <h4>
                {name} · {kind === 'good' ? LIVE_TEXT.intelGood : LIVE_TEXT.intelBad}
              </h4>
              <ul className="lv-intel">
                {intel[side][kind].map((t, i) => (
                  <li key={i}>{t}</li>
                ))}
                {intel[side][kind].length === 0 && <li className="lv-empty">暂无</li>}
              </ul>
            </section>
          ))}
        </div>
      ))}
      {intel.neutral.length > 0 && (
        <section className="lv-section">
          <h4>中立情报</h4>
          <ul className="lv-intel">
            {intel.neutral.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
