import { defineConfig } from 'vitest/config';

/** `npm run test:cluster`: gateways and a feed as real processes on the machine's NATS and PostgreSQL. */
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['tests/cluster/**/*.cluster.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
