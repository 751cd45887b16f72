/**
 * Abuse case (issue 11 #1): sockets subscribing and unsubscribing ever new topic names must not
 * grow the server's memory. Real server, real sockets; the heap is measured after a forced GC in
 * this process (the server runs in it), before and after the churn.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Frame, Topics } from '../../workers/protocol/index';
import { socketUrl, startTestServer, type TestServer } from '../helpers/ws-client';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const SOCKETS = 8;
const CHURN_MS = 6_000;
const NAMES_PER_FRAME = 200;

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ hub: { sweepMs: 50 } });
}, 180_000);
afterAll(async () => {
  await srv?.close();
}, 180_000);

async function settledHeap(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage().heapUsed;
}

/** A socket that reads and drops everything the server sends (a client keeping frames would grow too). */
async function openSilent(): Promise<WebSocket> {
  const ws = new WebSocket(await socketUrl(srv.base));
  ws.on('message', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}

it('churning new topic names leaves memory within 10 % of the baseline and no topics behind', async () => {
  const hub = srv.built.ctx.hub;
  const sockets = await Promise.all(Array.from({ length: SOCKETS }, openSilent));
  let next = 1_000_000;
  // Warm-up round: the code paths, buffers and look-ups run once before the baseline is taken.
  for (const ws of sockets) {
    ws.send(JSON.stringify({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: Topics.match(next++) }] } }));
  }
  await new Promise((r) => setTimeout(r, 300));
  const baselineTopics = hub.topicCount();
  const baseline = await settledHeap();

  const until = Date.now() + CHURN_MS;
  let frames = 0;
  while (Date.now() < until) {
    for (const ws of sockets) {
      const topics = Array.from({ length: NAMES_PER_FRAME }, () => Topics.match(next++));
      ws.send(JSON.stringify({ code: Frame.SUBSCRIBE, data: { topics: topics.map((topic) => ({ topic })) } }));
      ws.send(JSON.stringify({ code: Frame.UNSUBSCRIBE, data: { topics } }));
      frames += 2;
    }
    // Just under the per-socket frame rate (20/s), as a patient attacker would.
    await new Promise((r) => setTimeout(r, 110));
  }
  for (const ws of sockets) ws.close();
  await new Promise((r) => setTimeout(r, 500));
  const after = await settledHeap();
  console.log(
    `topic churn: ${frames} frames, ${next - 1_000_000} names; heap ${(baseline / 1e6).toFixed(1)} MB → ${(after / 1e6).toFixed(1)} MB; topics ${baselineTopics} → ${hub.topicCount()}`,
  );
  expect(hub.topicCount()).toBe(baselineTopics);
  expect(after).toBeLessThanOrEqual(baseline * 1.1);
}, 60_000);

it('subscribing to and leaving real rooms many times holds no topic afterwards', async () => {
  const hub = srv.built.ctx.hub;
  const rooms = await srv.ts.storage.db.selectFrom('vlive_rooms').select('id').execute();
  const baselineTopics = hub.topicCount();
  const ws = await openSilent();
  const topics = rooms.map((r) => Topics.room(r.id));
  for (let i = 0; i < 10; i++) {
    ws.send(JSON.stringify({ code: Frame.SUBSCRIBE, data: { topics: topics.map((topic) => ({ topic })) } }));
    ws.send(JSON.stringify({ code: Frame.UNSUBSCRIBE, data: { topics } }));
  }
  await new Promise((r) => setTimeout(r, 300));
  expect(hub.topicCount()).toBe(baselineTopics);
  ws.close();
});
