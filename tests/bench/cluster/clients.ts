/**
 * Client sockets of the cluster benchmarks, in a child process (../cluster-fanout.ts and
 * ../cluster-chaos.ts fork several, so the sockets' parsing does not share the parent's core).
 * Each socket does what the app's core does: the socket-address call on a gateway's REST (the
 * core's own code: workers/core/socket-address.ts, other gateways asked at once when one does
 * not answer), a socket to the gateway it names, SUBSCRIBE; on a drop it waits as the core does (4011/1001: at
 * once plus 0–250 ms; else RECONNECT_MS plus jitter), asks for an address again and resumes with
 * its serverId and last seq. Chatters AUTH, follow one room and send a line every `everyMs`;
 * a line not acknowledged before a drop is sent again with the same clientId.
 *
 * IPC in: { open }, { chat }, { report }, { stop }. Out: { opened }, { report }.
 */
import WebSocket from 'ws';
import {
  CLIENT_DEAD_MS,
  Frame,
  HEARTBEAT_MS,
  RECONNECT_JITTER_MS,
  RECONNECT_MS,
  SystemPaths,
  embeddedUrl,
  type Envelope,
  type SocketAddress,
} from '../../../workers/protocol/index';
import { createAddressBook, type AddressBook } from '../../../workers/core/socket-address';
import { LatencyHistogram, benchStamp, wallNow } from '../shared/bench-event';

export interface OpenMsg {
  restUrls: string[];
  followers: number;
  chatters: Array<{ token: string; roomId: string }>;
  /** Reconnect and resume after a drop (chaos); else a dropped socket stays down (fan-out). */
  resume: boolean;
  /** This child's number, so clientIds and lines differ between children. */
  proc: number;
}
export interface ClientReport {
  sockets: number;
  held: number;
  byPort: Record<number, number>;
  /** Bench events missing / received more than once, summed over sockets. */
  eventsLost: number;
  eventsDuplicated: number;
  /** EVENT frames with a seq at or below one the socket already had. */
  seqRepeats: number;
  histogram: Array<[number, number]>;
  dropped: number;
  back: number;
  lastBackAt: number;
  snapshots: number;
  chatSent: number;
  chatUnacked: number;
  chatRefused: number;
  chatLost: number;
  chatDuplicated: number;
  /** Of the above, what the sockets back (subscribed) at the end lost: a socket still away misses all since. */
  eventsLostBack: number;
  chatLostBack: number;
  /** Connection attempts that failed, by reason (each was tried again). */
  failures: Record<string, number>;
  /** Why subscribed sockets dropped: close code → count (1006: the connection just ended). */
  dropCodes: Record<number, number>;
}
type Msg =
  | { open: OpenMsg }
  | { chat: { everyMs: number } }
  | { chatStop: true }
  | { report: { firstEvent: number; events: number } }
  | { stop: true };

interface Sock {
  n: number;
  ws: WebSocket | null;
  topic: string;
  token?: string;
  roomId?: string;
  serverId: string;
  lastSeq: number;
  ready: boolean;
  gotBench: Map<number, number>;
  seqRepeats: number;
  dropAt: number;
  backAt: number;
  drops: number;
  /** Chatters: lines sent and not yet acknowledged (clientId → text), texts seen in the room. */
  pending: Map<string, string>;
  seenText: Map<string, number>;
  lines: number;
}

const hist = new LatencyHistogram();
const socks: Sock[] = [];
let opts: OpenMsg;
let stopping = false;
let snapshots = 0;
let rr = 0;
const acked: Array<{ roomId: string; text: string }> = [];
let refused = 0;
/** Why first connections failed (they are tried again), for the report. */
const failures: Record<string, number> = {};
const dropCodes: Record<number, number> = {};
function noteFailure(err: Error): void {
  failures[err.message] = (failures[err.message] ?? 0) + 1;
}

// The core's rule (workers/core/socket-address.ts): each gateway gets ADDRESS_TIMEOUT_MS, then
// the next is asked at once; the gateways the last answer named are asked after the given ones.
// One book per socket, as each app instance has its own.
const books = new Map<Sock, AddressBook>();

function bookOf(s: Sock): AddressBook {
  let book = books.get(s);
  if (!book) {
    book = createAddressBook(async (origin, signal) => {
      const res = await fetch(`${origin}${embeddedUrl(SystemPaths.socketAddress)}`, {
        method: 'POST',
        headers: s.token ? { accessToken: s.token } : {},
        signal,
      });
      const body = (await res.json()) as Envelope<SocketAddress>;
      if (body.code !== 200) throw new Error(`address call: ${body.code} ${body.msg}`);
      return body.data;
    });
    books.set(s, book);
  }
  return book;
}

async function address(s: Sock): Promise<string> {
  // The page's own server, as behind a load balancer: the gateways' REST in turn.
  const a = await bookOf(s).resolve([opts.restUrls[rr++ % opts.restUrls.length]]);
  const at = a.lotteryAddress[0];
  return `${at.protocol}://${at.host}:${at.port}${SystemPaths.socket}?token=${encodeURIComponent(a.token)}`;
}

function onFrame(s: Sock, data: Buffer, subscribed: () => void): void {
  // `{"code":N,`: the hot EVENT path reads its few fields from the bytes (see benchStamp).
  const code = parseInt(data.toString('latin1', 8, 14), 10);
  if (code === Frame.EVENT) {
    const seqAt = data.indexOf('"seq":');
    const seq = parseInt(data.toString('latin1', seqAt + 6, seqAt + 24), 10);
    if (seq <= s.lastSeq) s.seqRepeats++;
    else s.lastSeq = seq;
    if (s.roomId) {
      const f = JSON.parse(data.toString()) as { data: { kind: string; message?: { text: string } } };
      if (f.data.kind === 'chat' && f.data.message) {
        s.seenText.set(f.data.message.text, (s.seenText.get(f.data.message.text) ?? 0) + 1);
      }
      return;
    }
    const stamp = benchStamp(data);
    if (!stamp) return;
    hist.add(wallNow() - stamp.at);
    s.gotBench.set(stamp.i, (s.gotBench.get(stamp.i) ?? 0) + 1);
    return;
  }
  const text = data.toString();
  if (code === Frame.HELLO) {
    const f = JSON.parse(text) as { data: { serverId: string } };
    const resume = s.serverId && s.lastSeq ? { serverId: s.serverId } : {};
    const since = s.serverId && s.lastSeq ? { since: s.lastSeq } : {};
    s.serverId = f.data.serverId;
    if (s.token) s.ws?.send(JSON.stringify({ code: Frame.AUTH, data: { accessToken: s.token } }));
    s.ws?.send(JSON.stringify({ code: Frame.SUBSCRIBE, data: { ...resume, topics: [{ topic: s.topic, ...since }] } }));
  } else if (code === Frame.SUBSCRIBED || code === Frame.SNAPSHOT_REQUIRED) {
    if (code === Frame.SNAPSHOT_REQUIRED) {
      snapshots++;
      s.lastSeq = (JSON.parse(text) as { data: { seq: number } }).data.seq;
    }
    s.ready = true;
    if (s.drops) s.backAt = wallNow();
    // Lines that were in flight when the socket dropped: again, with the same clientId.
    for (const [clientId, t] of s.pending) sendLine(s, clientId, t);
    subscribed();
  } else if (code === Frame.CHAT_ACK) {
    const f = JSON.parse(text) as { data: { clientId: string; ok: boolean } };
    const t = s.pending.get(f.data.clientId);
    if (t === undefined) return;
    s.pending.delete(f.data.clientId);
    if (f.data.ok) acked.push({ roomId: s.roomId!, text: t });
    else refused++;
  }
}

function connect(s: Sock): Promise<void> {
  return new Promise((resolve, reject) => {
    address(s).then((url) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      s.ws = ws;
      s.ready = false;
      ws.on('message', (d: Buffer) => onFrame(s, d, resolve));
      // Not subscribed within the core's dead-man time: failed (and tried again), as in the app.
      setTimeout(() => s.ws === ws && !s.ready && ws.terminate(), CLIENT_DEAD_MS).unref();
      ws.once('error', (err) => reject(err));
      ws.once('close', (code, reason) => {
        if (s.ws !== ws) return;
        s.ws = null;
        const wasReady = s.ready;
        s.ready = false;
        // Not yet subscribed: whoever opened it tries again.
        if (!wasReady) return reject(new Error(`closed ${code} ${reason.toString()} before SUBSCRIBED`));
        if (stopping || !opts.resume) return;
        s.drops++;
        s.dropAt = wallNow();
        dropCodes[code] = (dropCodes[code] ?? 0) + 1;
        const moved = code === 4011 || code === 1001;
        const wait = moved ? Math.random() * 250 : RECONNECT_MS + Math.random() * RECONNECT_JITTER_MS;
        setTimeout(() => void retry(s), wait);
      });
    }, reject);
  });
}

async function retry(s: Sock): Promise<void> {
  while (!stopping) {
    try {
      await connect(s);
      return;
    } catch (err) {
      noteFailure(err as Error);
      await new Promise((r) => setTimeout(r, RECONNECT_MS + Math.random() * RECONNECT_JITTER_MS));
    }
  }
}

function sendLine(s: Sock, clientId: string, text: string): void {
  s.pending.set(clientId, text);
  if (s.ready) s.ws?.send(JSON.stringify({ code: Frame.CHAT_SEND, data: { roomId: s.roomId, text, clientId } }));
}

function newSock(n: number, topic: string, chat?: { token: string; roomId: string }): Sock {
  return {
    n,
    ws: null,
    topic,
    token: chat?.token,
    roomId: chat?.roomId,
    serverId: '',
    lastSeq: 0,
    ready: false,
    gotBench: new Map(),
    seqRepeats: 0,
    dropAt: 0,
    backAt: 0,
    drops: 0,
    pending: new Map(),
    seenText: new Map(),
    lines: 0,
  };
}

async function open(o: OpenMsg): Promise<void> {
  opts = o;
  const all = [
    ...Array.from({ length: o.followers }, (_, i) => newSock(i, 'football')),
    ...o.chatters.map((c, i) => newSock(o.followers + i, `room:${c.roomId}`, c)),
  ];
  socks.push(...all);
  for (let i = 0; i < all.length; i += 250) {
    await Promise.all(
      all.slice(i, i + 250).map((s) =>
        connect(s).catch((err: Error) => {
          noteFailure(err);
          return retry(s);
        }),
      ),
    );
  }
}

function portOf(s: Sock): number {
  return Number(new URL(s.ws?.url ?? 'ws://x:0').port);
}

function report(firstEvent: number, events: number): ClientReport {
  const byPort: Record<number, number> = {};
  let eventsLost = 0;
  let eventsDuplicated = 0;
  let chatLost = 0;
  let chatDuplicated = 0;
  let eventsLostBack = 0;
  let chatLostBack = 0;
  for (const s of socks) {
    if (s.ready) byPort[portOf(s)] = (byPort[portOf(s)] ?? 0) + 1;
    if (s.roomId) {
      for (const a of acked) {
        if (a.roomId !== s.roomId) continue;
        const n = s.seenText.get(a.text) ?? 0;
        if (n === 0) chatLost++;
        if (n === 0 && s.ready) chatLostBack++;
        if (n > 1) chatDuplicated += n - 1;
      }
      continue;
    }
    for (let i = firstEvent; i < firstEvent + events; i++) {
      const n = s.gotBench.get(i) ?? 0;
      if (n === 0) eventsLost++;
      if (n === 0 && s.ready) eventsLostBack++;
      if (n > 1) eventsDuplicated += n - 1;
    }
  }
  const dropped = socks.filter((s) => s.drops > 0);
  return {
    sockets: socks.length,
    held: socks.filter((s) => s.ready && s.ws?.readyState === WebSocket.OPEN).length,
    byPort,
    eventsLost,
    eventsDuplicated,
    seqRepeats: socks.reduce((a, s) => a + s.seqRepeats, 0),
    histogram: [...hist.counts],
    dropped: dropped.length,
    back: dropped.filter((s) => s.backAt > s.dropAt).length,
    lastBackAt: Math.max(0, ...dropped.map((s) => s.backAt)),
    snapshots,
    chatSent: acked.length,
    chatUnacked: socks.reduce((a, s) => a + s.pending.size, 0),
    chatRefused: refused,
    chatLost,
    chatDuplicated,
    eventsLostBack,
    chatLostBack,
    failures,
    dropCodes,
  };
}

let chatTimer: NodeJS.Timeout | null = null;
setInterval(() => {
  for (const s of socks) if (s.ws?.readyState === WebSocket.OPEN) s.ws.send('0');
}, HEARTBEAT_MS).unref();

process.on('message', (msg: Msg) => {
  if ('open' in msg) {
    void open(msg.open).then(() => process.send?.({ opened: report(0, 0) }));
  } else if ('chat' in msg) {
    const chatters = socks.filter((s) => s.roomId);
    let k = 0;
    // Spread the chatters' lines evenly over the period.
    chatTimer = setInterval(
      () => {
        const s = chatters[k++ % chatters.length];
        const line = s.lines++;
        sendLine(s, `b${opts.proc}-${s.n}-${line}`, `压测 ${opts.proc}-${s.n}-${line} 加油`);
      },
      Math.max(1, msg.chat.everyMs / Math.max(1, chatters.length)),
    );
  } else if ('chatStop' in msg) {
    if (chatTimer) clearInterval(chatTimer);
  } else if ('report' in msg) {
    process.send?.({ report: report(msg.report.firstEvent, msg.report.events) });
  } else {
    stopping = true;
    for (const s of socks) s.ws?.terminate();
    process.exit(0);
  }
});
process.send?.({ ready: true });
