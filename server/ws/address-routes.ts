/**
 * Socket address calls (spec §7): `POST /chat/message/websocket` (header accessToken optional)
 * and `POST /chat/getToken?group=football|basketball|<matchId>`. Both answer
 * `{ token, lotteryAddress: [{ protocol, host, port }] }`; the client connects to
 * `${protocol}://${host}:${port}${SystemPaths.socket}?token=${token}`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  Code,
  SystemPaths,
  Topics,
  embeddedUrl,
  ok,
  type SocketAddress,
  type Topic,
} from '../../workers/protocol/index';
import type { AppContext, AreaPlugin } from '../context';
import { BizError, parseInput } from '../http/reply';
import { accessTokenOf, verifyAccessToken } from '../accounts/tokens';

const groupSchema = z.object({
  group: z
    .string({ error: '缺少分组参数' })
    .regex(/^(football|basketball|[1-9]\d{0,15})$/, '分组参数应为 football、basketball 或比赛编号'),
});

export function groupTopic(group: string): Topic {
  if (group === 'football') return Topics.football;
  if (group === 'basketball') return Topics.basketball;
  return Topics.match(Number(group));
}

/** Where the client should connect: PUBLIC_HOST when set, else what the request came to. */
export function socketEndpoint(
  req: FastifyRequest,
  publicHost: string | null,
): SocketAddress['lotteryAddress'][number] {
  let secure = req.protocol === 'https';
  let hostPort = req.host;
  if (publicHost) {
    const withScheme = /^[a-z]+:\/\//i.test(publicHost) ? publicHost : `${secure ? 'https' : 'http'}://${publicHost}`;
    const url = new URL(withScheme);
    secure = url.protocol === 'https:' || url.protocol === 'wss:';
    hostPort = url.host;
  }
  const url = new URL(`http://${hostPort}`);
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  return { protocol: secure ? 'wss' : 'ws', host: url.hostname.replace(/^\[|\]$/g, ''), port };
}

async function callerUserId(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  const token = accessTokenOf(req);
  if (!token) return null;
  const userId = await verifyAccessToken(ctx.db, token, ctx.now());
  // A dead token is reported, not silently downgraded: the client logs out, then asks again.
  if (userId === null) throw new BizError(Code.NO_TOKEN, '登录已失效，请重新登录');
  return userId;
}

/** Live gateways the answer lists besides the chosen one's socket (cluster mode). */
export const ANSWER_GATEWAYS = 3;

/**
 * Cluster mode: the least-loaded live gateway, and a few live gateways' REST origins the client
 * asks next when this call gets no answer; otherwise (or none registered) this server.
 */
async function addressFor(ctx: AppContext, req: FastifyRequest): Promise<Omit<SocketAddress, 'token'>> {
  const routed = await ctx.gateways?.route(ANSWER_GATEWAYS);
  if (!routed) return { lotteryAddress: [socketEndpoint(req, ctx.config.publicHost)] };
  return { lotteryAddress: [routed.endpoint], gateways: routed.gateways };
}

/**
 * A page served by one gateway asks another when its own does not answer (the answer's
 * `gateways`), so both calls accept other origins. Nothing rides on cookies: the session is the
 * `accessToken` header the caller already holds.
 */
const otherOrigins = {
  onSend: async (_req: FastifyRequest, reply: FastifyReply) => void reply.header('access-control-allow-origin', '*'),
};

function preflight(app: Parameters<AreaPlugin>[0], url: string): void {
  app.options(url, async (_req, reply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'accessToken, content-type')
      .header('access-control-max-age', '600')
      .send(),
  );
}

export const socketAddressArea: AreaPlugin = (app, ctx) => {
  for (const path of [SystemPaths.socketAddress, SystemPaths.groupToken]) preflight(app, embeddedUrl(path));
  app.post(embeddedUrl(SystemPaths.socketAddress), otherOrigins, async (req) => {
    const userId = await callerUserId(ctx, req);
    const body: SocketAddress = { token: ctx.hub.issueSocketToken({ userId }), ...(await addressFor(ctx, req)) };
    return ok(body);
  });

  app.post(embeddedUrl(SystemPaths.groupToken), otherOrigins, async (req) => {
    const { group } = parseInput(groupSchema, req.query);
    const userId = await callerUserId(ctx, req);
    const body: SocketAddress = {
      token: ctx.hub.issueSocketToken({ userId, group: groupTopic(group) }),
      ...(await addressFor(ctx, req)),
    };
    return ok(body);
  });
};
