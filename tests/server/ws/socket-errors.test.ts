/**
 * An oversized socket frame (issue 33) is logged as one warning line, not an error with a stack:
 * a real Fastify with @fastify/websocket's maxPayload and the server's socket error handler, a
 * real `ws` client, and the log lines as pino writes them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { WebSocket } from 'ws';
import { socketErrorHandler } from '../../../server/ws/socket-errors';

const lines: Array<{ level: number; msg?: string; err?: { stack?: string } }> = [];
let app: FastifyInstance;
let url = '';

beforeAll(async () => {
  app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  await app.register(websocket, { options: { maxPayload: 1024 }, errorHandler: socketErrorHandler });
  app.get('/ws', { websocket: true }, (socket) => {
    socket.on('message', () => socket.send('ok'));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws`;
});
afterAll(async () => {
  await app?.close();
});

it('a frame over the limit closes the socket and logs one warning line without a stack', async () => {
  const ws = new WebSocket(url);
  await new Promise((r) => ws.once('open', r));
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  ws.send('x'.repeat(4096));
  expect(await closed).toBe(1009);
  await expect.poll(() => lines.filter((l) => l.level >= 40).length).toBe(1);
  const [warning] = lines.filter((l) => l.level >= 40);
  expect(warning!.level).toBe(40);
  expect(warning!.msg).toMatch(/^socket from 127\.0\.0\.1 closed: WS_ERR_UNSUPPORTED_MESSAGE_LENGTH/);
  expect(warning!.msg).not.toContain('\n');
  expect(warning!.err).toBeUndefined();
});
