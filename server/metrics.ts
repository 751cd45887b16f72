/** Prometheus metrics of the contracts table, on one registry per app instance. */
import client from 'prom-client';

export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const m = {
    registry,
    wsConnections: new client.Gauge({
      name: 'ws_connections',
      help: 'Open WebSocket connections',
      registers: [registry],
    }),
    wsHeartbeats: new client.Counter({
      name: 'ws_heartbeats_total',
      help: "Heartbeat frames ('0') received",
      registers: [registry],
    }),
    wsMessagesSent: new client.Counter({
      name: 'ws_messages_sent_total',
      help: 'Frames sent to sockets',
      registers: [registry],
    }),
    wsMessagesReceived: new client.Counter({
      name: 'ws_messages_received_total',
      help: 'Frames received from sockets',
      registers: [registry],
    }),
    wsDropped: new client.Counter({
      name: 'ws_slow_consumer_total',
      help: 'Sockets marked for snapshot or dropped for a full send buffer',
      labelNames: ['action'],
      registers: [registry],
    }),
    httpRequests: new client.Counter({
      name: 'http_requests_total',
      help: 'HTTP requests',
      labelNames: ['route', 'code'],
      registers: [registry],
    }),
    feedEvents: new client.Counter({
      name: 'feed_events_total',
      help: 'Live feed events applied',
      labelNames: ['sport', 'type'],
      registers: [registry],
    }),
    jobRuns: new client.Counter({
      name: 'background_job_runs_total',
      help: 'Background job runs started in this process (server/jobs.ts)',
      labelNames: ['job'],
      registers: [registry],
    }),
  };
  return m;
}
export type Metrics = ReturnType<typeof createMetrics>;
