/**
 * A live source that replays a recorded feed file (format: ./recording.ts) on the server's
 * clock: each event is stored through the sink and published when its time comes, exactly as
 * the source that recorded it stored it. The file is followed as it grows, so a server can
 * replay a feed another process is still recording. Details come only from the recording; dev
 * events are refused (a recording cannot change).
 */
import fs from 'node:fs';
import { Code, fail } from '../../../workers/protocol/index';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { Hub } from '../../ws/hub';
import { seedCatalogue } from '../../seed/seed';
import { publishOutput } from '../publish';
import { tableRanks } from '../../facts/table-ranks';
import type { LiveMatch } from '../model';
import { outputOf, parseEvents, parseRecording, type RecordedEvent } from './recording';
import { localSourceHealth, type LiveSink, type LiveSource } from '../source';
import { LiveText } from '../text';
import { FEED_DAYS_KEY, loadMeta, saveMeta } from '../store';

const TICK_MS = 1000;

export interface ReplayDeps {
  db: Db;
  hub: Hub;
  config: Config;
  now: () => number;
  sink: LiveSink;
  /** The recorded feed file. */
  file: string;
}

export function createReplaySource(deps: ReplayDeps): LiveSource {
  const { config, sink } = deps;
  let events: RecordedEvent[] = [];
  let speed = 1;
  let next = 0;
  /** Bytes of the file read so far (complete lines only). */
  let offset = 0;

  /** Appends the lines written to the file since the last read. */
  function readAppended(): void {
    const size = fs.statSync(deps.file).size;
    if (size <= offset) return;
    const fd = fs.openSync(deps.file, 'r');
    try {
      const buf = Buffer.alloc(size - offset);
      fs.readSync(fd, buf, 0, buf.length, offset);
      const text = buf.toString('utf8');
      const complete = text.slice(0, text.lastIndexOf('\n') + 1);
      offset += Buffer.byteLength(complete);
      events.push(...parseEvents(complete, events.at(-1)?.at ?? 0));
    } finally {
      fs.closeSync(fd);
    }
  }
  let started = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  /** Unix ms an event was last replayed. */
  let lastAt: number | null = null;

  function serial<T>(job: () => Promise<T>): Promise<T> {
    const run = chain.then(job, job);
    chain = run.catch(() => undefined);
    return run;
  }

  /**
   * The days the recorded simulator filled, noted as it noted them: the tables count the season's
   * other days played out from the seed (../past-results.ts), as on the server that recorded.
   */
  async function noteFilledDays(matches: readonly LiveMatch[]): Promise<void> {
    const meta = await loadMeta<{ days?: string[] }>(deps.db, FEED_DAYS_KEY);
    const days = new Set([...(meta?.days ?? []), ...matches.map((m) => m.day)]);
    await saveMeta(deps.db, FEED_DAYS_KEY, { days: [...days].sort() });
  }

  /** Stores (and, once started, publishes) every event due by now; answers how many matches changed. */
  async function replayDue(publish: boolean): Promise<number> {
    readAppended();
    const nowMs = deps.now();
    let changed = 0;
    while (next < events.length && events[next].at <= nowMs) {
      const e = events[next++];
      lastAt = nowMs;
      if (e.kind === 'fixtures') {
        await sink.insertMatches(e.matches, e.at);
        await noteFilledDays(e.matches);
      } else if (e.kind === 'detail') await sink.saveDetail(e.matchId, e.detail, e.body, e.at);
      else {
        const out = outputOf(e);
        await sink.saveOutput(e.matches, out, e.at);
        changed += e.matches.length;
        if (publish) {
          const ranks = await tableRanks(deps.db, e.matches, nowMs);
          publishOutput(deps.hub, out, e.matches as LiveMatch[], { seed: config.feedSeed, speed, now: nowMs }, ranks);
        }
      }
    }
    return changed;
  }

  return {
    kind: 'replay',
    sink,
    // A recording holds the details its source produced; it cannot make new ones.
    produceDetail: async () => null,
    async start() {
      if (started) return;
      const text = fs.readFileSync(deps.file, 'utf8');
      const complete = text.slice(0, text.lastIndexOf('\n') + 1);
      const { header, events: all } = parseRecording(complete);
      offset = Buffer.byteLength(complete);
      if (header.seed !== config.feedSeed)
        throw new Error(
          `recording ${deps.file} was made with FEED_SEED=${header.seed}, this server runs ${config.feedSeed}`,
        );
      events = all;
      speed = header.speed;
      await seedCatalogue(deps.db, config.feedSeed, deps.now());
      // What happened before the server started is stored without being broadcast.
      await serial(() => replayDue(false));
      started = true;
      if (config.feed) {
        timer = setInterval(() => {
          void serial(() => replayDue(true)).catch((err: unknown) => console.error('feed replay failed', err));
        }, TICK_MS);
        timer.unref?.();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
      started = false;
    },
    healthy: () => started,
    health: () => localSourceHealth('replay', lastAt, deps.now()),
    advance: () => serial(() => replayDue(true)),
    applyDevEvent: async () => fail(Code.REFUSED, LiveText.replayRefuses),
  };
}
