/** Process entry: `npm start` / `npm run dev`. */
import { loadConfig, productionUnlessSaid } from './config';
import { buildServer } from './app';

productionUnlessSaid();
const config = loadConfig();
const server = await buildServer(config);
await server.ctx.feed.start();
await server.app.listen({ port: config.port, host: config.host });
server.app.log.warn(
  `球赛直播 listening on http://${config.host}:${config.port} (${config.mode}, storage ${server.ctx.storage.kind})`,
);

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
