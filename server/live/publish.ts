/**
 * Publishes one step of a live source on the hub: per match topic every incident (with the
 * match as it stood right after it), stats, text lines and odds moves; on the sport topic one
 * row per changed match, carrying its most important incident. Shared by the simulator and the
 * replay of a recorded feed, so both look the same on the socket.
 */
import { Topics, type Incident, type IncidentType, type MatchEvent } from '../../workers/protocol/index';
import type { Hub } from '../ws/hub';
import { companyNameOf } from './catalogue';
import { basketballStats, footballStats, toMatch, type RankOf, type ViewClock } from './match-view';
import type { FeedOutput, IncidentRow, LiveMatch } from './model';

const IMPORTANCE: Record<IncidentType, number> = {
  goal: 5,
  red: 4,
  penalty: 4,
  state: 3,
  yellow: 2,
  corner: 1,
  sub: 0,
};

export const toIncident = (i: IncidentRow): Incident => ({
  id: i.id,
  matchId: i.matchId,
  sport: i.sport,
  type: i.type,
  side: i.side,
  minute: i.minute,
  ...(i.stoppage ? { stoppage: i.stoppage } : {}),
  text: i.text,
  score: [i.score[0], i.score[1]],
  ...(i.state !== null ? { state: i.state } : {}),
  at: i.at,
});

export function publishOutput(hub: Hub, out: FeedOutput, changed: LiveMatch[], c: ViewClock, ranks: RankOf): void {
  const byMatch = new Map<number, IncidentRow[]>();
  for (const i of out.incidents) {
    const list = byMatch.get(i.matchId) ?? [];
    list.push(i);
    byMatch.set(i.matchId, list);
  }
  // A match that only moved odds (not in `out.listed`) gets its odds rows alone: no match or list frame.
  const isListed = (m: LiveMatch) => !out.listed || out.listed.has(m.id);
  for (const m of changed) {
    const topic = Topics.match(m.id);
    if (isListed(m)) {
      const incidents = byMatch.get(m.id) ?? [];
      for (const inc of incidents) {
        const snap = out.snapshots.get(inc.id) ?? m;
        hub.publish(topic, {
          kind: 'match',
          match: toMatch(snap, c, ranks),
          incident: toIncident(inc),
        } satisfies MatchEvent);
      }
      if (incidents.length === 0) hub.publish(topic, { kind: 'match', match: toMatch(m, c, ranks) });
    }
    if (out.statsChanged.has(m.id)) {
      hub.publish(topic, {
        kind: 'stats',
        matchId: m.id,
        stats: m.st.kind === 'zq' ? footballStats(m.st) : basketballStats(m.st),
      });
    }
  }
  for (const t of out.texts) {
    hub.publish(Topics.match(t.matchId), {
      kind: 'text',
      line: {
        id: t.id,
        matchId: t.matchId,
        minute: t.minute,
        ...(t.stoppage ? { stoppage: t.stoppage } : {}),
        text: t.text,
        type: t.type,
        at: t.at,
      },
    });
  }
  for (const o of out.odds) {
    const nameZh = companyNameOf(o.companyId);
    hub.publish(Topics.match(o.matchId), {
      kind: 'odds',
      matchId: o.matchId,
      type: o.type,
      row: { companyId: o.companyId, nameZh, left: o.left, middle: o.middle, right: o.right, at: o.at },
    });
  }
  for (const m of changed) {
    if (!isListed(m)) continue;
    const incidents = byMatch.get(m.id) ?? [];
    let main: IncidentRow | undefined;
    for (const i of incidents) if (!main || IMPORTANCE[i.type] >= IMPORTANCE[main.type]) main = i;
    const list = m.sport === 'zq' ? Topics.football : Topics.basketball;
    // Two goals of one match in one tick: the earlier one gets its own row, as the match stood
    // then, so no list's goal alert is merged away (a match day at 2,000 events/s had 13 such
    // pairs in 2 minutes).
    for (const i of incidents) {
      if (i === main || i.type !== 'goal') continue;
      // A provider's tick keeps no snapshot per incident: the match as now, with the goal's score.
      const snap = out.snapshots.get(i.id) ?? { ...m, score: i.score };
      hub.publish(list, { kind: 'match', match: toMatch(snap, c, ranks), incident: toIncident(i) });
    }
    hub.publish(
      list,
      main
        ? { kind: 'match', match: toMatch(m, c, ranks), incident: toIncident(main) }
        : { kind: 'match', match: toMatch(m, c, ranks) },
    );
  }
}
