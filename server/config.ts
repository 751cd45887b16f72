/** Process configuration from the environment (README lists every variable). */
import path from 'node:path';
import type { AliyunSmsConfig } from './accounts/sms-aliyun';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL connections this process keeps at most (`PG_POOL_MAX`, default 10; PGlite has one). */
  pgPoolMax: number;
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
  /** Append everything the live source stores to this file (format: server/live/recording.ts). */
  feedRecord: string | null;
  /** Replay this recorded feed file instead of running the simulator. */
  feedReplay: string | null;
  /** Operator token (OPS_TOKEN): the operator API exists only when it is set. */
  opsToken: string | null;
  /** LLM_BASE_URL + LLM_API_KEY + LLM_MODEL, all three set: the ChatGPT tab's chat-completions backend. */
  llm: { baseUrl: string; apiKey: string; model: string } | null;
  /**
   * Whom to believe about the client's address and scheme (`X-Forwarded-*`): `TRUST_PROXY` unset
   * or `0` → nobody (the socket's peer is the client); `1` → any proxy; otherwise a comma list of
   * proxy addresses/CIDRs. Off by default, so nobody can pick their own rate-limit key.
   */
  trustProxy: boolean | string;
  /** Bearer token that opens GET /metrics to callers other than unforwarded loopback (`METRICS_TOKEN`). */
  metricsToken: string | null;
  /** SMS provider (Aliyun SMS) from `ALIYUN_SMS_*`; null when not fully set. */
  smsProvider: AliyunSmsConfig | null;
  /** Abuse limits of the accounts area (README: Limits). */
  limits: AccountLimits;
}

export interface AccountLimits {
  /** SMS codes one client address may ask for per hour (`SMS_ADDR_HOURLY`, default 10). */
  smsPerAddressPerHour: number;
  /** SMS codes the whole server sends per hour (`SMS_HOURLY`, default 1,000). */
  smsPerHour: number;
  /** Password logins per phone before growing delays (default 5). */
  loginFreePerPhone: number;
  /** Password logins per client address before growing delays (default 20). */
  loginFreePerAddress: number;
  /** Password logins per phone after which each one needs a solved 滑动验证 (default 3). */
  loginSlideAfter: number;
  /** 滑动验证 puzzles one client address may fetch per minute (default 20). */
  slidePerMinute: number;
  /** Password ivs one client address may fetch per minute (default 30). */
  passwordIvPerMinute: number;
  /** Portrait uploads per user per hour (default 10). */
  portraitsPerHour: number;
  /** Sockets one client address may hold at once, cluster-wide in cluster mode (WS_MAX_PER_ADDRESS, default 200; 0: no cap). */
  socketsPerAddress: number;
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
    pgPoolMax: poolSize(env.PG_POOL_MAX),
    feedSpeed: num(env.FEED_SPEED, 1, 'FEED_SPEED'),
    feedSeed: num(env.FEED_SEED, 20261122, 'FEED_SEED'),
    devControl: env.DEV_CONTROL === '1',
    mode,
    distDir: path.resolve(env.DIST_DIR || './dist'),
    publicHost: env.PUBLIC_HOST || null,
    feed: env.FEED !== '0',
    feedRecord: env.FEED_RECORD ? path.resolve(env.FEED_RECORD) : null,
    feedReplay: env.FEED_REPLAY ? path.resolve(env.FEED_REPLAY) : null,
    opsToken: env.OPS_TOKEN || null,
    llm:
      env.LLM_BASE_URL && env.LLM_API_KEY && env.LLM_MODEL
        ? { baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: env.LLM_API_KEY, model: env.LLM_MODEL }
        : null,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || null,
    smsProvider: aliyunSms(env),
    limits: {
      smsPerAddressPerHour: num(env.SMS_ADDR_HOURLY, 10, 'SMS_ADDR_HOURLY'),
      smsPerHour: num(env.SMS_HOURLY, 1_000, 'SMS_HOURLY'),
      loginFreePerPhone: 5,
      loginFreePerAddress: 20,
      loginSlideAfter: 3,
      slidePerMinute: 20,
      passwordIvPerMinute: 30,
      portraitsPerHour: 10,
      socketsPerAddress: wholeOrZero(env.WS_MAX_PER_ADDRESS, 200, 'WS_MAX_PER_ADDRESS'),
    },
    ...overrides,
  };
}

function wholeOrZero(v: string | undefined, def: number, name: string): number {
  const n = num(v, def, name);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (0 for none), got '${v}'`);
  return n;
}

function poolSize(v: string | undefined): number {
  const n = num(v, 10, 'PG_POOL_MAX');
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`PG_POOL_MAX must be a whole number of connections (1 or more), got '${v}'`);
  return n;
}

function trustProxySetting(v: string | undefined): boolean | string {
  if (v === undefined || v === '' || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  return v;
}

function aliyunSms(env: NodeJS.ProcessEnv): AliyunSmsConfig | null {
  const accessKeyId = env.ALIYUN_SMS_ACCESS_KEY_ID;
  const accessKeySecret = env.ALIYUN_SMS_ACCESS_KEY_SECRET;
  const signName = env.ALIYUN_SMS_SIGN_NAME;
  const templateCode = env.ALIYUN_SMS_TEMPLATE_CODE;
  if (!accessKeyId || !accessKeySecret || !signName || !templateCode) return null;
  return {
    endpoint: env.ALIYUN_SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com',
    accessKeyId,
    accessKeySecret,
    signName,
    templateCode,
  };
}
