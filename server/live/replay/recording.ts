/**
 * The recorded feed file: what a live source stored, in order, one JSON object per line, so a
 * day can be replayed into another database (./replay-source.ts) and give the same lists and
 * details. `FEED_RECORD=<file>` records the running source; `FEED_REPLAY=<file>` replays one.
 *
 * Format, version 1. The first line names the recording; every other line is an event stamped
 * with `at`, the unix ms at which the source produced it (lines are in `at` order):
 *
 *   {"kind":"recording","version":1,"seed":20261122,"speed":1}
 *   {"kind":"fixtures","at":…,"matches":[Match state…]}            new fixtures
 *   {"kind":"output","at":…,"matches":[…],"statsChanged":[ids],      one step: matches whose
 *    "incidents":[…],"texts":[…],"odds":[…]}                        state changed, and what happened
 *   {"kind":"detail","at":…,"matchId":…,"detail":"lineup","body":{…}}  a produced detail
 *
 * A match state is the stored row (`LiveMatch`: ids, day, kick-off `ot` in unix s, status, score,
 * flags and the sport's state `st`); incidents, texts and odds are the stored rows of
 * ./model.ts (`IncidentRow`, `TextRow`, `OddsMove`); `detail` is one of `DetailKind` with the
 * body the REST route answers. `seed` must equal the replaying server's FEED_SEED (team names
 * and crests come from the seed catalogue).
 */
import fs from 'node:fs';
import { z } from 'zod';
import type { FeedOutput, IncidentRow, OddsMove, LiveMatch, TextRow } from '../model';
import type { DetailBodies, DetailKind, LiveSink } from '../source';

export const RECORDING_VERSION = 1;

export type RecordingHeader = { kind: 'recording'; version: number; seed: number; speed: number };
export type RecordedEvent =
  | { kind: 'fixtures'; at: number; matches: LiveMatch[] }
  | {
      kind: 'output';
      at: number;
      matches: LiveMatch[];
      statsChanged: number[];
      incidents: IncidentRow[];
      texts: TextRow[];
      odds: OddsMove[];
    }
  | { kind: 'detail'; at: number; matchId: number; detail: DetailKind; body: DetailBodies[DetailKind] };

const headerSchema = z.object({
  kind: z.literal('recording'),
  version: z.literal(RECORDING_VERSION),
  seed: z.number(),
  speed: z.number().positive(),
});
// Rows are checked for their envelope only: their content is what the same code stored.
const eventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixtures'), at: z.number(), matches: z.array(z.object({ id: z.number() }).loose()) }),
  z.object({
    kind: z.literal('output'),
    at: z.number(),
    matches: z.array(z.object({ id: z.number() }).loose()),
    statsChanged: z.array(z.number()),
    incidents: z.array(z.object({ id: z.string() }).loose()),
    texts: z.array(z.object({ id: z.string() }).loose()),
    odds: z.array(z.object({ matchId: z.number() }).loose()),
  }),
  z.object({
    kind: z.literal('detail'),
    at: z.number(),
    matchId: z.number(),
    detail: z.enum(['lineup', 'injuries', 'intel', 'odds-open:1', 'odds-open:2', 'odds-open:3']),
    body: z.unknown(),
  }),
]);

export function parseRecording(text: string): { header: RecordingHeader; events: RecordedEvent[] } {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new Error('recording is empty');
  const header = headerSchema.parse(JSON.parse(lines[0]));
  return { header, events: parseEvents(lines.slice(1).join('\n'), 0) };
}

/** Event lines (no header), each no earlier than the one before, the first no earlier than `after`. */
export function parseEvents(text: string, after: number): RecordedEvent[] {
  let last = after;
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line, i) => {
      const parsed = eventSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`recording event ${i + 1}: ${parsed.error.message}`);
      const e = parsed.data as RecordedEvent;
      if (e.at < last) throw new Error(`recording event ${i + 1}: out of order`);
      last = e.at;
      return e;
    });
}

/** Rebuilds the stored step of an `output` event. */
export function outputOf(e: Extract<RecordedEvent, { kind: 'output' }>): FeedOutput {
  return {
    changed: new Set(e.matches.map((m) => m.id)),
    statsChanged: new Set(e.statsChanged),
    incidents: e.incidents,
    texts: e.texts,
    odds: e.odds,
    snapshots: new Map(),
  };
}

/** A sink that stores through `inner`, then appends what it stored to the recording. */
export function recordingSink(
  inner: LiveSink,
  file: string,
  header: Omit<RecordingHeader, 'kind' | 'version'>,
): LiveSink {
  const line = (v: RecordingHeader | RecordedEvent) => fs.appendFileSync(file, `${JSON.stringify(v)}\n`);
  if (!fs.existsSync(file) || fs.statSync(file).size === 0)
    line({ kind: 'recording', version: RECORDING_VERSION, ...header });
  return {
    async insertMatches(matches, at) {
      await inner.insertMatches(matches, at);
      if (matches.length > 0) line({ kind: 'fixtures', at, matches: [...matches] });
    },
    async saveOutput(matches, out, at) {
      await inner.saveOutput(matches, out, at);
      if (matches.length + out.incidents.length + out.texts.length + out.odds.length === 0) return;
      line({
        kind: 'output',
        at,
        matches: [...matches],
        statsChanged: [...out.statsChanged],
        incidents: out.incidents,
        texts: out.texts,
        odds: out.odds,
      });
    },
    async saveDetail(matchId, kind, body, at) {
      await inner.saveDetail(matchId, kind, body, at);
      line({ kind: 'detail', at, matchId, detail: kind, body });
    },
  };
}
