/** Process configuration from the environment (README lists every variable). */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  feedSpeed: number;
  feedSeed: number;
  devControl: boolean;
  /** 'development' runs Vite as middleware; otherwise dist/ is served. */
  mode: 'development' | 'production' | 'test';
  /** Directory of the built client. */
  distDir: string;
  /** Public origin override for socket addresses (e.g. behind a proxy). */
  publicHost: string | null;
  /** Start the live feed simulator (tests may drive it by hand). */
  feed: boolean;
  /** OPS_TOKEN: the operator API exists only when set. */
  opsToken: string | null;
  /** LLM_BASE_URL + LLM_API_KEY + LLM_MODEL, all three set: the ChatGPT tab's chat-completions backend. */
  llm: { baseUrl: string; apiKey: string; model: string } | null;
}

function num(v: string | undefined, def: number, name: string): number {
  if (v === undefined || v === '') return def;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got '${v}'`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = env.NODE_ENV === 'development' ? 'development' : env.NODE_ENV === 'test' ? 'test' : 'production';
  return {
    port: num(env.PORT, 8008, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    feedSpeed: num(env.FEED_SPEED, 1, 'FEED_SPEED'),
    feedSeed: num(env.FEED_SEED, 20261122, 'FEED_SEED'),
    devControl: env.DEV_CONTROL === '1',
    mode,
    distDir: path.resolve(env.DIST_DIR || './dist'),
    publicHost: env.PUBLIC_HOST || null,
    feed: env.FEED !== '0',
    opsToken: env.OPS_TOKEN || null,
    llm:
      env.LLM_BASE_URL && env.LLM_API_KEY && env.LLM_MODEL
        ? { baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: env.LLM_API_KEY, model: env.LLM_MODEL }
        : null,
    ...overrides,
  };
}
