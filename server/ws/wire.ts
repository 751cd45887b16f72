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
const WriteWrap: (new () => WriteReq) | null = (() => {
  try {
    const binding = (process as unknown as { binding(name: string): { WriteWrap?: new () => WriteReq } }).binding(
      'stream_wrap',
    );
    return typeof binding.WriteWrap === 'function' ? binding.WriteWrap : null;
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
 * Writes to the socket's handle directly (libuv's try-write, the rest queued in libuv) while the
 * stream has nothing of its own waiting; otherwise through the stream. Order holds both ways: a
 * stream write with bytes still in libuv's queue is queued behind them by libuv, and a direct
 * write is only made when the stream has nothing queued or in flight.
 */
export function rawWriterOf(ws: WebSocket): RawWriter | null {
  const raw = rawSocketOf(ws);
  if (!raw) return null;
  const handleOf = () => (raw as unknown as { _handle: StreamHandle | null })._handle;
  return {
    pending() {
      return raw.writableLength + (handleOf()?.writeQueueSize ?? 0);
    },
    write(frame) {
      const handle = handleOf();
      if (!WriteWrap || !handle || raw.writableLength > 0 || raw.destroyed || raw.connecting) {
        raw.write(frame);
        return;
      }
      const req = new WriteWrap();
      req.oncomplete = onDirectWrite;
      req.socket = raw;
      // libuv writes from this memory when the kernel does not take it all at once.
      req.buffer = frame;
      req.async = false;
      if (handle.writeBuffer(req, frame) !== 0) raw.destroy();
    },
  };
}
