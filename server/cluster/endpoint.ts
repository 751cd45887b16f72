/** The address a gateway announces in the registry: PUBLIC_HOST when set, else where it listens. */
import type { Endpoint } from './gateways';

export function socketEndpointOf(host: string, port: number, publicHost: string | null): Endpoint {
  if (!publicHost) return { protocol: 'ws', host, port };
  const url = new URL(/^[a-z]+:\/\//i.test(publicHost) ? publicHost : `http://${publicHost}`);
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  return {
    protocol: secure ? 'wss' : 'ws',
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 443 : 80,
  };
}
