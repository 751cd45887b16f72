/**
 * 纳米数据 push benchmark (issue 26, Speed): the production server (a child process, built client,
 * PGlite) on LIVE_SOURCE=nami against the fake Nami (tests/helpers/fake-nami.ts: HTTP basic data
 * and diary + a real Mosquitto with a WebSocket listener), its push at `--rate` messages/s
 * (default 1,000) for `--seconds` (default 120) over `--matches` live football matches (300):
 * stats (~70 %), score tuples (~28 %), goals (~2 %, a few taken back by VAR), one real-time entry
 * per MQTT message as Nami pushes them. Real ws clients: `--lists` sockets on the football list
 * (20) and `--details` sockets (30) each on `--per-detail` match topics (5).
 *
 * Every message for a match carries that match's next number in its corner count (score tuple or
 * stat type 2), so a socket frame says which messages it delivers: a frame with corner k delivers
 * every message of that match up to k (a later state includes an earlier one the server folded
 * into it). Latency = frame receive time − MQTT publish time, one sample per message per socket
 * that follows it; lost = messages no frame ever delivered to a socket that follows the match.
 * Server CPU per message and RSS come from the server's own /metrics (process_* gauges).
 *
 * Odds are not in the mix: Nami's odds come from its HTTP odds endpoints, not the push, and the
 * adapter does not read them yet (docs/providers/nami.md, "Not read yet").
 *
 *   npm run bench -- nami-push [--seconds 30]
 *   npx tsx tests/bench/nami-push.ts [--seconds 120] [--rate 1000] [--matches 300] [--lists 20] [--details 30]
 *     [--cpu-prof DIR]   (the server's V8 CPU profile, written when it stops)
 */
import os from 'node:os';
import WebSocket from 'ws';
import { startServer } from '../helpers/e2e';
import { FAKE_NAMI_SECRET, FAKE_NAMI_USER, startFakeNami, until } from '../helpers/fake-nami';
import { localId } from '../../server/live/providers';
import { PUSH_TOPIC, type NamiMatch } from '../../server/live/nami/formats';
import {
  Frame,
  SystemPaths,
  Topics,
  embeddedUrl,
  type Envelope,
  type SocketAddress,
} from '../../workers/protocol/index';
import { arg, loadAverage, wallNow } from './shared/bench-event';

const SECONDS = Number(arg('seconds', '120'));
const RATE = Number(arg('rate', '1000'));
const MATCHES = Number(arg('matches', '300'));
const LISTS = Number(arg('lists', '20'));
const DETAILS = Number(arg('details', '30'));
const PER_DETAIL = Number(arg('per-detail', '5'));
const PROFILE = arg('cpu-prof', '');
const TARGET_P95_MS = 300;

const now = Math.floor(Date.now() / 1000);
/** Every match in its second half, started 10 minutes ago (minute ~55 for the whole run). */
const HALF = now - 10 * 60;
const KICK = now - 70 * 60;
const ids = Array.from({ length: MATCHES }, (_, i) => 5_000_001 + i);
const matches: NamiMatch[] = ids.map((id, i) => ({
  id,
  competition_id: 100 + (i % 10),
  home_team_id: 10_000 + 2 * i,
  away_team_id: 10_001 + 2 * i,
  status_id: 4,
  match_time: KICK,
  home_scores: [0, 0, 0, 0, 0, 0, 0],
  away_scores: [0, 0, 0, 0, 0, 0, 0],
  updated_at: KICK,
}));

/** What the provider knows of each match; `n` is the number the next message carries. */
interface Truth {
  n: number;
  goals: [number, number];
  incidents: object[];
}
const truth = new Map<number, Truth>(ids.map((id) => [id, { n: 0, goals: [0, 0], incidents: [] }]));

function tuple(id: number, t: Truth) {
  const side = (s: 0 | 1) => [t.goals[s], s === 0 ? t.goals[0] : t.goals[1], 0, 1, s === 0 ? t.n : 1, 0, 0];
  return [id, 4, side(0), side(1), HALF, ''];
}

/** The next push entry of a match: stats, score, or a goal (some taken back by VAR). */
function nextEntry(id: number, roll: number): object {
  const t = truth.get(id)!;
  t.n++;
  if (roll < 0.7)
    return {
      id,
      stats: [
        { type: 2, home: t.n, away: 1 },
        { type: 23, home: 40 + t.n, away: 38 },
        { type: 24, home: 20 + (t.n >> 1), away: 19 },
        { type: 25, home: 50 + (t.n % 7), away: 50 - (t.n % 7) },
      ],
    };
  if (roll < 0.98) return { id, score: tuple(id, t) };
  const last = t.incidents.at(-1) as { position: number } | undefined;
  if (roll < 0.985 && last) {
    // VAR: the last goal taken back, the score down, the goal gone from the full incident list.
    t.goals[last.position - 1]--;
    t.incidents.pop();
  } else {
    const s = roll < 0.99 ? 0 : 1;
    t.goals[s]++;
    t.incidents.push({
      type: 1,
      position: s + 1,
      time: 46 + (t.n % 40),
      home_score: t.goals[0],
      away_score: t.goals[1],
    });
  }
  return { id, score: tuple(id, t), incidents: [...t.incidents] };
}

function pct(sorted: Float64Array, p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

async function metrics(base: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{[^}]*\})? ([\d.e+-]+)$/.exec(line);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

/** One socket: per followed match, the highest message number a frame delivered. */
interface Client {
  ws: WebSocket;
  seen: Map<number, number>;
}

async function main() {
  console.log(`load before: ${loadAverage()}`);
  const nami = await startFakeNami({
    competitions: {
      zq: Array.from({ length: 10 }, (_, i) => ({ id: 100 + i, name: `测试联赛${i + 1}`, short_name: `联赛${i + 1}` })),
    },
    teams: {
      zq: matches.flatMap((m, i) => [
        { id: m.home_team_id, competition_id: m.competition_id, name: `主队${i + 1}` },
        { id: m.away_team_id, competition_id: m.competition_id, name: `客队${i + 1}` },
      ]),
    },
    matches: { zq: matches },
  });
  console.log(`fake Nami up (${nami.baseUrl}, push ${nami.mqttUrl}); starting the server`);
  const server = await startServer({
    env: {
      LIVE_SOURCE: 'nami',
      NAMI_USER: FAKE_NAMI_USER,
      NAMI_SECRET: FAKE_NAMI_SECRET,
      NAMI_BASE_URL: nami.baseUrl,
      NAMI_MQTT_URL: nami.mqttUrl,
      DEV_CONTROL: '0',
    },
    // `--cpu-prof DIR`: the server writes a V8 CPU profile there when it stops.
    ...(PROFILE ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] } : {}),
  });
  const stopAll = async () => {
    await server.stop();
    await nami.close();
  };
  try {
    await until(
      async () => {
        const h = (await (await fetch(`${server.url}/healthz`)).json()) as {
          data: { live: { pushConnected: boolean } };
        };
        return h.data.live.pushConnected;
      },
      'the server on the Nami push',
      60_000,
    );

    console.log('server on the push; opening sockets');
    // Sockets: the football list, and match details.
    // A connect token opens one socket: one address call per socket.
    const socketUrl = async () => {
      const addr = (await (
        await fetch(`${server.url}${embeddedUrl(SystemPaths.socketAddress)}`, { method: 'POST' })
      ).json()) as Envelope<SocketAddress>;
      const a = addr.data.lotteryAddress[0];
      return `${a.protocol}://${a.host}:${a.port}${SystemPaths.socket}?token=${encodeURIComponent(addr.data.token)}`;
    };
    const sentAt = new Map<number, number[]>(ids.map((id) => [id, [0]]));
    // Frames name matches by our id; the messages by Nami's.
    const namiId = new Map(ids.map((id) => [localId('nami', 'zq', id), id]));
    let samples = new Float64Array(1 << 20);
    let count = 0;
    let reordered = 0;
    const record = (ms: number) => {
      if (count === samples.length) {
        const bigger = new Float64Array(samples.length * 2);
        bigger.set(samples);
        samples = bigger;
      }
      samples[count++] = ms;
    };
    let measuring = false;
    const open = async (topics: string[], follows: number[]): Promise<Client> => {
      const url = await socketUrl();
      return new Promise((resolve, reject) => {
        const ws = new WebSocket(url, { perMessageDeflate: false });
        const c: Client = { ws, seen: new Map(follows.map((id) => [id, 0])) };
        ws.on('message', (data: Buffer) => {
          const at = wallNow();
          const f = JSON.parse(data.toString()) as {
            code: number;
            data?: { kind?: string; match?: { id: number; corner?: [number, number] } };
          };
          if (f.code === Frame.HELLO)
            ws.send(JSON.stringify({ code: Frame.SUBSCRIBE, data: { topics: topics.map((topic) => ({ topic })) } }));
          else if (f.code === Frame.SUBSCRIBED) resolve(c);
          else if (f.code === Frame.EVENT && f.data?.kind === 'match' && f.data.match?.corner) {
            const id = namiId.get(f.data.match.id) ?? -1;
            const k = f.data.match.corner[0];
            const seen = c.seen.get(id);
            if (seen === undefined) return;
            if (k < seen) reordered++;
            if (k <= seen) return;
            if (measuring) {
              const sent = sentAt.get(id)!;
              for (let n = seen + 1; n <= k; n++) if (sent[n]) record(at - sent[n]);
            }
            c.seen.set(id, k);
          }
        });
        ws.once('error', reject);
        ws.once('close', (code) => reject(new Error(`socket closed with ${code} before it subscribed`)));
      });
    };
    const lists = await Promise.all(Array.from({ length: LISTS }, () => open([Topics.football], ids)));
    const details = await Promise.all(
      Array.from({ length: DETAILS }, (_, d) => {
        const follow = Array.from({ length: PER_DETAIL }, (_, j) => ids[(d * PER_DETAIL + j * 37) % MATCHES]);
        return open(
          follow.map((id) => Topics.match(localId('nami', 'zq', id))),
          follow,
        );
      }),
    );
    const clients = [...lists, ...details];
    const heartbeat = setInterval(() => {
      for (const c of clients) if (c.ws.readyState === WebSocket.OPEN) c.ws.send('0');
    }, 10_000);

    console.log(`${clients.length} sockets subscribed; warming up`);
    // Warm-up: one message per match, and every socket has seen it.
    let roll = 0;
    const publish = (id: number) => {
      const entry = nextEntry(id, (roll = (roll * 9301 + 49297) % 233280) / 233280);
      sentAt.get(id)!.push(wallNow());
      nami.publisher.publish(PUSH_TOPIC.zq, JSON.stringify([entry]));
    };
    for (const id of ids) publish(id);
    await until(() => clients.every((c) => [...c.seen.values()].every((n) => n >= 1)), 'warm-up delivered', 60_000);

    const m0 = await metrics(server.url);
    let peakRss = m0.process_resident_memory_bytes ?? 0;
    const sampler = setInterval(() => {
      metrics(server.url)
        .then((m) => (peakRss = Math.max(peakRss, m.process_resident_memory_bytes ?? 0)))
        .catch(() => undefined);
    }, 5_000);
    measuring = true;
    const total = Math.round(RATE * SECONDS);
    const start = wallNow();
    let sent = 0;
    let behind = 0;
    // Steady schedule: message i goes out at start + i/rate, whatever the previous ones cost.
    while (sent < total) {
      const due = Math.min(total, Math.floor(((wallNow() - start) * RATE) / 1000) + 1);
      if (due - sent > RATE / 10) behind = Math.max(behind, due - sent);
      while (sent < due) publish(ids[(sent++ * 7919) % MATCHES]);
      await new Promise((r) => setTimeout(r, 1));
    }
    const elapsed = (wallNow() - start) / 1000;
    // Let the last frames arrive.
    const want = (c: Client) => [...c.seen.entries()].every(([id, n]) => n >= sentAt.get(id)!.length - 1);
    // Let the last frames arrive: wait while they still come (a server behind catches up), up to 2 min.
    const deadline = Date.now() + 120_000;
    let lastCount = -1;
    let quietSince = Date.now();
    while (Date.now() < deadline && !clients.every(want) && Date.now() - quietSince < 5_000) {
      if (count !== lastCount) {
        lastCount = count;
        quietSince = Date.now();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const drainS = (wallNow() - start) / 1000 - elapsed;
    const m1 = await metrics(server.url);
    clearInterval(sampler);
    clearInterval(heartbeat);
    measuring = false;

    let lost = 0;
    let expected = 0;
    for (const c of clients)
      for (const [id, n] of c.seen) {
        const last = sentAt.get(id)!.length - 1;
        lost += last - n;
        expected += last - 1;
      }
    const sorted = samples.subarray(0, count).sort();
    const cpuS = (m1.process_cpu_seconds_total ?? 0) - (m0.process_cpu_seconds_total ?? 0);
    const rss = m1.process_resident_memory_bytes ?? 0;
    peakRss = Math.max(peakRss, rss);
    const p95 = pct(sorted, 95);
    console.log(
      `nami push: ${total} messages in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s, target ${RATE}/s` +
        `${behind ? `, publisher fell up to ${behind} behind` : ''}), ${MATCHES} live matches; ` +
        `${LISTS} list sockets + ${DETAILS} detail sockets × ${PER_DETAIL} matches`,
    );
    console.log(
      `  provider message → socket frame: p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
        `p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1) ?? 'n/a'} ms (${count} deliveries of ${expected} expected; ` +
        `the last ${drainS.toFixed(1)} s after the publisher stopped)`,
    );
    console.log(`  lost: ${lost} (0 expected)${reordered ? `, frames out of order: ${reordered}` : ''}`);
    console.log(
      `  server CPU: ${((cpuS * 1000) / total).toFixed(3)} ms per message (${((cpuS / elapsed) * 100).toFixed(0)} % of a core); ` +
        `RSS ${(rss / 2 ** 20).toFixed(0)} MB at the end, peak ${(peakRss / 2 ** 20).toFixed(0)} MB`,
    );
    console.log(
      `  target p95 ≤ ${TARGET_P95_MS} ms and 0 lost: ${p95 <= TARGET_P95_MS && lost === 0 ? 'met' : 'NOT met'}`,
    );
    console.log(`load after: ${loadAverage()} (${os.cpus().length} cores)`);
    for (const c of clients) c.ws.terminate();
  } finally {
    await stopAll();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
