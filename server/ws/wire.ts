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
