/**
 * What an error on an open socket is logged as (@fastify/websocket's `errorHandler`). A client
 * that breaks the protocol (a frame over `maxPayload`, bad UTF-8, a bad opcode: `ws` codes
 * `WS_ERR_*`) is the client's doing: one warning line with its address, and the socket is cut.
 * Before (issue 33) each oversized frame logged an error with a full stack, so one client could
 * fill the error log. Anything else is ours, and stays an error with its stack.
 */
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

export function socketErrorHandler(
  error: Error & { code?: unknown },
  socket: WebSocket,
  request: FastifyRequest,
): void {
  if (typeof error.code === 'string' && error.code.startsWith('WS_ERR_'))
    request.log.warn(`socket from ${request.ip} closed: ${error.code} (${error.message})`);
  else request.log.error(error);
  socket.terminate();
}
