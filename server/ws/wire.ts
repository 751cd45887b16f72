/**
 * The hot path of fan-out. `ws.send` builds the frame header and runs its sender per call; for an
 * event going to thousands of sockets we build the complete WebSocket frame (RFC 6455 §5.2:
 * FIN + text opcode, server frames unmasked) once and write the same bytes to each socket.
 *
 * This leans on one `ws` internal, the socket behind an open WebSocket (`_socket`), and is only
 * used when no extension is negotiated (no permessage-deflate, whose frames would differ). ws's
 * own writes (pings, close) go to the same socket synchronously, so frame order is kept; callers
 * write only while the WebSocket is OPEN, never after a close frame.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

export function textFrame(payload: Buffer): Buffer {
  const len = payload.length;
  const headerLen = len < 126 ? 2 : len < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(headerLen + len);
  out[0] = 0x81;
  if (len < 126) {
    out[1] = len;
  } else if (len < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(len, 2);
  } else {
    out[1] = 127;
    out.writeUInt32BE(Math.floor(len / 2 ** 32), 2);
    out.writeUInt32BE(len >>> 0, 6);
  }
  payload.copy(out, headerLen);
  return out;
}

/** The raw socket of an open, extension-free WebSocket; null means: use `ws.send`. */
export function rawSocketOf(ws: WebSocket): Socket | null {
  if (ws.extensions !== '') return null;
  const raw = (ws as unknown as { _socket?: Socket })._socket;
  return raw && typeof raw.write === 'function' ? raw : null;
}

/** What a subscriber's pre-built frames are written with. */
export interface RawWriter {
  /** Bytes not yet handed to the kernel: the stream's and libuv's. */
  pending(): number;
  write(frame: Buffer): void;
}

interface StreamHandle {
  writeBuffer(req: object, data: Buffer): number;
  readonly writeQueueSize: number;
}
interface WriteReq {
  oncomplete: (status: number) => void;
  buffer: Buffer | null;
  socket: Socket | null;
  async: boolean;
}

/**
 * Node's write request for a stream handle, or null where it cannot be had (then every write goes
 * through `socket.write`). A fan-out write through `socket.write` runs the Writable machinery, a
 * timer refresh and a nextTick per socket: about 0.5 µs of the ≈ 1.5 µs of JavaScript around each
 * syscall (tests/bench/gateway-vs-uws.ts, profiled), times every socket and every event.
 */
interface StreamWrapBinding {
  WriteWrap?: new () => WriteReq;
  streamBaseState?: Int32Array;
  kLastWriteWasAsync?: number;
}

const binding: StreamWrapBinding | null = (() => {
  try {
    const b = (process as unknown as { binding(name: string): StreamWrapBinding }).binding('stream_wrap');
    const usable =
      typeof b.WriteWrap === 'function' && b.streamBaseState !== undefined && typeof b.kLastWriteWasAsync === 'number';
    return usable ? b : null;
  } catch {
    return null;
  }
})();

function onDirectWrite(this: WriteReq, status: number): void {
  const socket = this.socket;
  this.socket = null;
  this.buffer = null;
  // The kernel refused the bytes (peer gone): the socket is done, as a failed stream write would end it.
  if (status < 0) socket?.destroy();
}

/**
 * The write request the next direct write uses. A write the kernel takes whole (nearly all of
 * them) leaves the request untouched, so one serves every socket of a fan-out and no object is
 * allocated per socket per event; a write that goes on in libuv keeps its request, and a new one
 * is made for the next.
 */
let spare: WriteReq | null = null;

function takeReq(): WriteReq {
  if (!spare) {
    spare = new binding!.WriteWrap!();
    spare.oncomplete = onDirectWrite;
    spare.async = false;
  }
  return spare;
}

/**
 * Writes to the socket's handle directly (libuv's try-write, the rest queued in libuv) while the
 * stream has nothing of its own waiting and libuv nothing left of an earlier direct write;
 * otherwise through the stream. Order holds both ways: a stream write with bytes still in libuv's
 * queue is queued behind them by libuv, and a direct write is only made when the stream has
 * nothing queued or in flight.
 *
 * A class, not closures per socket: fan-out calls these for every socket of every event, and one
 * prototype keeps those calls monomorphic (inlined) across thousands of sockets.
 */
class DirectWriter implements RawWriter {
  /** A direct write went on in libuv: its queue may hold bytes (read only then: a native getter). */
  private queued = false;

  constructor(private readonly raw: Socket) {}

  private handle(): StreamHandle | null {
    return (this.raw as unknown as { _handle: StreamHandle | null })._handle;
  }

  pending(): number {
    const raw = this.raw;
    if (!this.queued) return raw.writableLength;
    const inLibuv = this.handle()?.writeQueueSize ?? 0;
    if (inLibuv === 0) this.queued = false;
    return raw.writableLength + inLibuv;
  }

  write(frame: Buffer): void {
    const raw = this.raw;
    const handle = this.handle();
    // A socket whose client does not keep up (libuv still holds bytes for it) goes through the
    // stream: the stream has one write in flight and gathers the next frames meanwhile, then
    // sends them in one writev when it completes; a direct write per frame would queue a libuv
    // write, and later a syscall, per frame.
    const lagging = this.queued && (handle?.writeQueueSize ?? 0) > 0;
    if (!binding || !handle || lagging || raw.writableLength > 0 || raw.destroyed || raw.connecting) {
      raw.write(frame);
      return;
    }
    const req = takeReq();
    if (handle.writeBuffer(req, frame) !== 0) {
      spare = null;
      raw.destroy();
      return;
    }
    if (binding.streamBaseState![binding.kLastWriteWasAsync!]) {
      // libuv writes the rest from this memory later: the request is this write's now.
      spare = null;
      req.socket = raw;
      req.buffer = frame;
      this.queued = true;
    }
  }
}

export function rawWriterOf(ws: WebSocket): RawWriter | null {
  const raw = rawSocketOf(ws);
  return raw ? new DirectWriter(raw) : null;
}
