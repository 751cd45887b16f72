/** Bus lag and replay counts on /metrics (Prometheus), read from the bus when scraped. */
import client from 'prom-client';
import type { Metrics } from '../metrics';
import type { ClusterParts } from './parts';

export function registerClusterMetrics(metrics: Metrics, cluster: ClusterParts): void {
  const registers = [metrics.registry];
  const stat = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  const s = () => cluster.bus.stats();
  stat('bus_lag_ms', 'Publication to arrival of the last bus frame (ms)', () => s().lagMs);
  stat('bus_lag_max_ms', 'Worst publication to arrival over the last minute (ms)', () => s().maxLagMs);
  stat('bus_frames_received_total', 'Frames received live from the bus', () => s().received);
  stat('bus_frames_replayed_total', 'Frames read back from the stream (joins, gap fills)', () => s().replayed);
  stat('bus_gap_fills_total', 'Seq gaps filled from the stream', () => s().gaps);
  stat('bus_resets_total', 'Topics whose history was gone (subscribers told to re-fetch)', () => s().resets);
  stat('bus_topics', 'Topics this process follows on the bus', () => s().topics);
  stat('bus_published_total', 'Events this process published', () => s().published);
  stat('bus_publish_failures_total', 'Publications that failed', () => s().publishFailures);
  stat('cluster_feed_leader', '1 when this process runs the feed', () => (cluster.isLeader() ? 1 : 0));
}
