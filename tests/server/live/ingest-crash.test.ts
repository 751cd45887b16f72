/**
 * kill -9 during a match day loses nothing a client was sent (issue 27). A server process
 * (./ingest-crash.child.ts) takes in the match-day mix through the ingest path, with match rows
 * of odds-only moves written behind; real sockets watch the lists and 30 match details. The test
 * kills the process with SIGKILL the moment a frame arrives, mid-stream, reopens its storage and checks that every incident,
 * text line and odds row a socket received is stored, and no stored score is behind one a socket saw.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../../../server/db/index';
import { ENGINES, connectTestPostgres } from '../../helpers/test-db';
import { TestSocket } from '../../helpers/ws-client';
import { Frame, Topics, type MatchEvent, type ServerFrame, type Topic } from '../../../workers/protocol/index';

const here = path.dirname(fileURLToPath(import.meta.url));

interface Started {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  ids: number[];
}

async function watch(base: string, topic: Topic): Promise<TestSocket> {
  const { sock } = await TestSocket.connect(base);
  sock.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic }] } });
  await sock.next((f) => f.code === Frame.SUBSCRIBED, 10_000);
  return sock;
}

const events = (socks: TestSocket[]): MatchEvent[] =>
  socks.flatMap((s) => s.frames.flatMap((f: ServerFrame) => (f.code === Frame.EVENT ? [f.data as MatchEvent] : [])));

describe.each(ENGINES)('kill -9 of the server during a match day (%s)', (engine) => {
  it('loses nothing that was published', async () => {
    const child = fork(path.join(here, 'ingest-crash.child.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, CRASH_ENGINE: engine },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = once(child, 'exit');
    const [started] = (await once(child, 'message')) as [Started];
    const base = `http://127.0.0.1:${started.port}`;
    const socks: TestSocket[] = [];
    try {
      socks.push(await watch(base, Topics.football), await watch(base, Topics.basketball));
      for (const id of started.ids.slice(0, 30)) socks.push(await watch(base, Topics.match(id)));
      child.send('go');
      const deadline = Date.now() + 60_000;
      for (;;) {
        const seen = events(socks);
        const incidents = seen.filter((e) => e.kind === 'match' && e.incident).length;
        const odds = seen.filter((e) => e.kind === 'odds').length;
        if ((incidents >= 20 && odds >= 100) || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // Killed the moment the next frame arrives: a server that published before its commit was
      // done would be caught with the commit still in flight.
      await new Promise<void>((resolve) => {
        const kill = () => {
          child.kill('SIGKILL');
          resolve();
        };
        for (const s of socks) s.ws.once('message', kill);
      });
      await exited;
      // Frames already on the wire still arrive: they were published, so they count.
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      for (const s of socks) s.close();
    }

    const seen = events(socks);
    const incidents = new Map<string, [number, number]>();
    const texts = new Set<string>();
    const odds = new Set<string>();
    const scores = new Map<number, [number, number]>();
    for (const e of seen) {
      if (e.kind === 'match') {
        if (e.incident) incidents.set(e.incident.id, e.incident.score);
        const s = scores.get(e.match.id) ?? [0, 0];
        scores.set(e.match.id, [Math.max(s[0], e.match.score[0]), Math.max(s[1], e.match.score[1])]);
      } else if (e.kind === 'text') texts.add(e.line.id);
      else if (e.kind === 'odds')
        odds.add(`${e.matchId}:${e.type}:${e.row.companyId}:${e.row.left}:${e.row.middle}:${e.row.right}`);
    }
    expect(incidents.size).toBeGreaterThanOrEqual(10);
    expect(odds.size).toBeGreaterThanOrEqual(50);

    const storage = await openStorage({ dataDir: started.dataDir, databaseUrl: started.databaseUrl });
    try {
      const db = storage.db;
      const storedIncidents = new Set((await db.selectFrom('live_incidents').select('id').execute()).map((r) => r.id));
      const storedTexts = new Set((await db.selectFrom('live_text').select('id').execute()).map((r) => r.id));
      const storedOdds = new Set(
        (
          await db
            .selectFrom('live_odds')
            .select(['match_id', 'type', 'company_id', 'left', 'middle', 'right'])
            .execute()
        ).map((r) => `${r.match_id}:${r.type}:${r.company_id}:${r.left}:${r.middle}:${r.right}`),
      );
      const rows = await db.selectFrom('live_matches').select(['id', 'score_h', 'score_a']).execute();
      const storedScore = new Map(rows.map((r) => [r.id, [r.score_h, r.score_a]]));

      expect([...incidents.keys()].filter((id) => !storedIncidents.has(id))).toEqual([]);
      expect([...texts].filter((id) => !storedTexts.has(id))).toEqual([]);
      expect([...odds].filter((k) => !storedOdds.has(k))).toEqual([]);
      const behind = [...scores].filter(([id, s]) => {
        const st = storedScore.get(id);
        return !st || st[0] < s[0] || st[1] < s[1];
      });
      expect(behind).toEqual([]);
    } finally {
      await storage.close();
      fs.rmSync(started.dataDir, { recursive: true, force: true });
      if (started.databaseUrl) {
        const name = new URL(started.databaseUrl).pathname.slice(1);
        const c = await connectTestPostgres();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      }
    }
  }, 240_000);
});
