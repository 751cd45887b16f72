/**
 * Cluster chaos benchmark (issue 18): one feed and two gateways on the machine's NATS JetStream
 * and PostgreSQL; FOLLOWERS clients follow the live list (`football`, RATE events/s published
 * through the cluster's stream) and CHATTERS signed-in clients chat in 10 rooms, all in client
 * child processes behaving as the app's core does (./cluster/clients.ts). KILL_AT seconds
 * in, one gateway gets `kill -9`; its clients wait the spec's 5 s + jitter, ask for an address
 * again and resume. Prints the clients back, the time until the last is back, and events and
 * chat lines lost and duplicated (both must be 0).
 *
 *   npx tsx tests/bench/cluster-chaos.ts [--followers 2000] [--chatters 200] [--rate 20]
 *     [--seconds 40] [--kill-at 10] [--clients 2]
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { hashToken } from '../../server/accounts/tokens';
import { arg, loadAverage, wallNow } from './shared/bench-event';
import { cpuMsOf, forkClient, openClients, reportClients, rssMbOf, startBenchCluster } from './cluster/env';
import type { ClientReport } from './cluster/clients';

const FOLLOWERS = Number(arg('followers', '2000'));
const CHATTERS = Number(arg('chatters', '200'));
const RATE = Number(arg('rate', '20'));
const SECONDS = Number(arg('seconds', '40'));
const KILL_AT = Number(arg('kill-at', '10'));
const CLIENT_PROCS = Number(arg('clients', '2'));
/** Each chatter sends a line this often (the room chat allows one per 1.5 s). */
const CHAT_EVERY_MS = 3_000;

/** CHATTERS users with a live session each, spread over 10 seeded rooms. */
async function chatters(dbUrl: string): Promise<Array<{ token: string; roomId: string }>> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const rooms = (await db.query<{ id: string }>('SELECT id FROM vlive_rooms ORDER BY id LIMIT 10')).rows.map(
      (r) => r.id,
    );
    if (!rooms.length) throw new Error('no seeded live rooms');
    const out: Array<{ token: string; roomId: string }> = [];
    for (let i = 0; i < CHATTERS; i++) {
      const phone = `139${String(10_000_000 + i).padStart(8, '0')}`;
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO users (phone, nick_name, password_hash, portrait) VALUES ($1, $2, '', '') RETURNING id`,
        [phone, `压测球迷${i}`],
      );
      const token = crypto.randomBytes(32).toString('base64url');
      await db.query(
        `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 day')`,
        [hashToken(token), rows[0].id],
      );
      out.push({ token, roomId: rooms[i % rooms.length] });
    }
    return out;
  } finally {
    await db.end();
  }
}

async function main() {
  console.log(
    `cluster chaos: ${FOLLOWERS} followers of football (${RATE} events/s for ${SECONDS} s), ${CHATTERS} chatters in 10 rooms (a line each every ${CHAT_EVERY_MS / 1000} s); kill -9 of one of two gateways at ${KILL_AT} s`,
  );
  const cluster = await startBenchCluster(2);
  try {
    const chat = await chatters(cluster.dbUrl);
    const clients = await Promise.all(Array.from({ length: CLIENT_PROCS }, forkClient));
    const [gwA, gwB] = cluster.gateways;
    const opened = await openClients(
      clients,
      { restUrls: cluster.gateways.map((g) => g.url), resume: true },
      FOLLOWERS,
      chat,
    );
    console.log(
      `opened ${opened.held} of ${FOLLOWERS + CHATTERS} sockets: ${opened.byPort[gwA.port] ?? 0} on A, ${opened.byPort[gwB.port] ?? 0} on B`,
    );
    const victim = (opened.byPort[gwA.port] ?? 0) >= (opened.byPort[gwB.port] ?? 0) ? gwA : gwB;
    const onVictim = opened.byPort[victim.port] ?? 0;
    clients[0].child.send({ chat: { everyMs: CHAT_EVERY_MS } });
    const publishing = cluster.publish(0, RATE, SECONDS);
    await new Promise((r) => setTimeout(r, KILL_AT * 1000));
    const survivor = victim === gwA ? gwB : gwA;
    const killAt = wallNow();
    const survivorCpu0 = cpuMsOf(survivor.pid);
    await victim.kill();
    console.log(`kill -9 of the gateway holding ${onVictim} sockets (load average ${loadAverage()})`);
    const pub = await publishing;
    clients[0].child.send({ chatStop: true });
    // Every client back and every event and line in, or 30 s more.
    let rep: ClientReport = await reportClients(clients, 0, pub.published);
    for (const end = Date.now() + 30_000; Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 1_000));
      rep = await reportClients(clients, 0, pub.published);
      const settled = rep.back === rep.dropped && rep.eventsLost === 0 && rep.chatLost === 0 && rep.chatUnacked === 0;
      if (settled) break;
    }
    // The survivor's CPU from the kill until every client was back (or the wait ended), with the
    // live events it sent meanwhile: what taking the herd cost it, whatever share of a core it got.
    const herdCpuMs = cpuMsOf(survivor.pid) - survivorCpu0;
    const survivorRss = rssMbOf(survivor.pid);
    await Promise.all(clients.map((c) => c.stop()));
    const lastBackS = rep.lastBackAt ? (rep.lastBackAt - killAt) / 1000 : NaN;
    console.log('');
    console.log('| what | figure |');
    console.log('| --- | ---: |');
    console.log(`| sockets (followers + chatters) | ${FOLLOWERS + CHATTERS} |`);
    console.log(`| on the killed gateway | ${onVictim} |`);
    console.log(`| dropped / back | ${rep.dropped} / ${rep.back} |`);
    console.log(`| held at the end | ${rep.held} |`);
    console.log(`| kill → last client back (s) | ${lastBackS.toFixed(2)} |`);
    console.log(`| events published | ${pub.published} |`);
    console.log(`| events lost / duplicated (all followers) | ${rep.eventsLost} / ${rep.eventsDuplicated} |`);
    console.log(`| events lost by the sockets subscribed at the end | ${rep.eventsLostBack} |`);
    console.log(`| frames with a seq already had | ${rep.seqRepeats} |`);
    console.log(`| SNAPSHOT_REQUIRED on resume | ${rep.snapshots} |`);
    console.log(
      `| chat lines acknowledged / refused / never acknowledged | ${rep.chatSent} / ${rep.chatRefused} / ${rep.chatUnacked} |`,
    );
    console.log(`| chat lines lost / duplicated (all chatters) | ${rep.chatLost} / ${rep.chatDuplicated} |`);
    console.log(`| chat lines lost by the chatters subscribed at the end | ${rep.chatLostBack} |`);
    console.log(
      `| survivor CPU from the kill until all were back (ms) / per client taken back | ${herdCpuMs.toFixed(0)} / ${(herdCpuMs / Math.max(1, rep.back)).toFixed(2)} |`,
    );
    console.log(`| survivor RSS at the end (MB) | ${survivorRss.toFixed(0)} |`);
    console.log(`| drops by close code | ${JSON.stringify(rep.dropCodes)} |`);
    if (Object.keys(rep.failures).length) console.log('\nfailed connection attempts (each tried again):', rep.failures);
    console.log(`\nload average at the end: ${loadAverage()}`);
    const ok =
      rep.back === rep.dropped && rep.eventsLost + rep.eventsDuplicated + rep.chatLost + rep.chatDuplicated === 0;
    console.log(`\nnothing lost or duplicated, every client back: ${ok ? 'yes' : 'NO'}`);
  } finally {
    await cluster.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
