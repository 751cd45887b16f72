/** Prometheus metrics of the contracts table, on one registry per app instance. */
import client from 'prom-client';
import type { SourceHealth } from './live/source';

export function createMetrics() {
  const registry = new client.Registry();
  // The event-loop delay histogram samples every 100 ms, not prom-client's default 10: its timer
  // woke the process 100 times a second, ~10 ms of CPU a second on a loaded 2-core machine, which
  // a gateway paid as ~0.5 ms per event at 20 events/s (tests/bench/gateway-vs-uws.ts). Delays
  // are still measured exactly; only how often is sampled changes.
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    new client.Counter<L>({ name, help, labelNames, registers: [registry] });
  /** The live source's health, read at each scrape (bound once the source exists). */
  let liveHealth: (() => SourceHealth) | null = null;
  const liveGauge = (name: string, help: string, read: (h: SourceHealth) => number | null, labels: string[] = []) =>
    new client.Gauge({
      name,
      help,
      labelNames: labels,
      registers: [registry],
      collect() {
        this.reset();
        const h = liveHealth?.();
        const v = h ? read(h) : null;
        if (h && v !== null) {
          if (labels.length > 0) this.set({ source: h.source }, v);
          else this.set(v);
        }
      },
    });
  liveGauge('live_source_info', 'The live data source (label source), always 1', () => 1, ['source']);
  liveGauge('live_last_message_age_seconds', "Seconds since the live source's last message", (h) =>
    h.lastMessageAgeMs === null ? null : h.lastMessageAgeMs / 1000,
  );
  liveGauge('live_push_connected', "1 when the provider's push is connected, 0 when not", (h) =>
    h.pushConnected === null ? null : h.pushConnected ? 1 : 0,
  );
  liveGauge('live_polling', '1 while the source polls because its push is down or stalled', (h) => (h.polling ? 1 : 0));
  liveGauge('live_provider_calls_used', 'Provider HTTP calls made by this process', (h) => h.callsUsed);
  liveGauge(
    'live_provider_calls_left',
    "Provider calls left in the current budget (the provider's or ours)",
    (h) => h.callsLeft,
  );
  liveGauge('live_stale_matches', 'Live matches with no message for LIVE_STALE_S (shown as 比赛异常)', (h) => h.stale);
  const m = {
    bindLiveSource(read: () => SourceHealth) {
      liveHealth = read;
    },
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
