/**
 * /proposal/matchList: matches with tips (football / basketball), filtered by league and by
 * lottery list (竞彩 / 北单), with the count of tips; a match opens its tips, and an expert
 * publishes one there at the odds the server quotes.
 */
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useCoreRequest } from '../../core/index';
import { ProposalPaths, type TipCard, type TipMatchRow } from '../../../workers/protocol/api/proposal';
import type { Sport } from '../../../workers/protocol/index';
import { RequestGate } from '../../components/RequestGate';
import { TJ_TEXT } from '../../components/proposal/strings';
import { LiveMatchCard, TipRow, TjChips, TjLinks, TjSportTabs } from './parts';
import { LiveTitleBar } from '../../components/live/LiveTitleBar';
import { PublishForm, useIsExpert } from './PublishForm';

function MatchTips({ row, expert }: { row: TipMatchRow; expert: boolean }) {
  const [open, setOpen] = useState(false);
  const [reload, setReload] = useState(0);
  const tips = useCoreRequest<TipCard[]>(
    open ? { path: ProposalPaths.matchTips, params: { id: row.match.id } } : null,
    reload,
  );
  const upcoming = row.match.s === 1 && row.match.ot * 1000 > Date.now();
  return (
    <section className="tj-card" data-tip-match={row.match.id}>
      <LiveMatchCard match={row.match} />
      <button type="button" className="tj-count" aria-expanded={open} onClick={() => setOpen(!open)}>
        {TJ_TEXT.tipCount(tips.data?.length ?? row.tipCount)} {open ? '▲' : '▼'}
      </button>
      {open && (
        <RequestGate state={tips} failed={tjFailed}>
          {(list) =>
            list.length === 0 ? (
              <p className="lv-empty">{TJ_TEXT.noTips}</p>
            ) : (
              list.map((t) => <TipRow key={t.id} tip={t} />)
            )
          }
        </RequestGate>
      )}
      {open && expert && upcoming && <PublishForm matchId={row.match.id} onPublished={() => setReload((n) => n + 1)} />}
    </section>
  );
}

export function MatchListPage() {
  const q = new URLSearchParams(useSearch());
  const sport: Sport = q.get('sport') === 'lq' ? 'lq' : 'zq';
  const [lottery, setLottery] = useState<'' | 'jc' | 'bd'>('');
  const [leagueId, setLeagueId] = useState(0);
  const state = useCoreRequest<TipMatchRow[]>({
    path: ProposalPaths.matchList,
    query: { sport, ...(lottery && { lottery }) },
  });
  const expert = useIsExpert();
  const rows = state.data ?? [];
  const leagues = [...new Map(rows.map((r) => [r.match.li, r.match.leagueName])).entries()];
  const shown = leagueId ? rows.filter((r) => r.match.li === leagueId) : rows;
  return (
    <div className="lv-page tj-page">
      <LiveTitleBar title={TJ_TEXT.matchList} />
      <TjSportTabs sport={sport} />
      <TjLinks />
      <div className="tj-filters" role="group" aria-label="彩种">
        <TjChips
          options={['', 'jc', 'bd'] as const}
          value={lottery}
          onChange={setLottery}
          labelOf={(l) => TJ_TEXT.lottery[l || 'all']}
        />
        <select
          className="tj-chip"
          aria-label={TJ_TEXT.league}
          value={leagueId}
          onChange={(e) => setLeagueId(Number(e.target.value))}
        >
          <option value={0}>{TJ_TEXT.league}</option>
          {leagues.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <RequestGate state={state} failed={tjFailed}>
        {() =>
          shown.length === 0 ? (
            <p className="lv-empty">{TJ_TEXT.noMatches}</p>
          ) : (
            shown.map((r) => <MatchTips key={r.match.id} row={r} expert={expert} />)
          )
        }
      </RequestGate>
    </div>
  );
}

const tjFailed = (s: { msg: string }) => TJ_TEXT.loadFailed(s.msg);
