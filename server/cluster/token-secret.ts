/**
 * The cluster's connect-token secret, so a token from one gateway's address call opens a socket
 * on any other. It lives in its own NATS KV bucket (`<cluster>_secrets`) with no TTL: in the
 * gateway registry's bucket the 6 s TTL dropped it, and a gateway started later made a secret of
 * its own, so a socket sent to it with another gateway's token was closed with 4001.
 */
import crypto from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { Kvm } from '@nats-io/kv';

const KEY = 'socket-token';

export const secretsBucketOf = (cluster: string) => `${cluster}_secrets`;

/** Made once by whichever process comes first; every later process reads the same one. */
export async function clusterTokenSecret(nc: NatsConnection, cluster: string): Promise<Buffer> {
  const kv = await new Kvm(nc).create(secretsBucketOf(cluster), { history: 1 });
  const fresh = crypto.randomBytes(32);
  try {
    await kv.create(KEY, fresh);
    return fresh;
  } catch {
    const e = await kv.get(KEY);
    if (!e?.value.length) throw new Error('socket-token secret missing from the secrets bucket');
    return Buffer.from(e.value);
  }
}
