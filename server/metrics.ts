/** Prometheus metrics of the contracts table, on one registry per app instance. */
import client from 'prom-client';

export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    new client.Counter<L>({ name, help, labelNames, registers: [registry] });
  const m = {
    registry,
    wsConnections: new client.Gauge({
      name: 'ws_connections',
      help: 'Open WebSocket connections',
      registers: [registry],
    }),
    wsHeartbeats: counter('ws_heartbeats_total', "Heartbeat frames ('0') received"),
    wsMessagesSent: counter('ws_messages_sent_total', 'Frames sent to sockets'),
    wsMessagesReceived: counter('ws_messages_received_total', 'Frames received from sockets'),
    wsDropped: counter('ws_slow_consumer_total', 'Sockets marked for snapshot or dropped for a full send buffer', [
      'action',
    ]),
    httpRequests: counter('http_requests_total', 'HTTP requests', ['route', 'code']),
    feedEvents: counter('feed_events_total', 'Live feed events applied', ['sport', 'type']),
    jobRuns: counter('background_job_runs_total', 'Background job runs started in this process (server/jobs.ts)', [
      'job',
    ]),
  };
  return m;
}
export type Metrics = ReturnType<typeof createMetrics>;
