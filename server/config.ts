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
  /** Where live data comes from (`LIVE_SOURCE`, README: Live data sources). */
  liveSource: LiveSourceConfig;
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

export type LiveSourceKind = 'simulator' | 'replay' | 'nami' | 'apisports';

export interface LiveSourceConfig {
  kind: LiveSourceKind;
  /** A live match with no message for this long shows 比赛异常 until its next one (`LIVE_STALE_S`, default 300). */
  staleAfterMs: number;
  /** 纳米数据: account (`NAMI_USER`, `NAMI_SECRET`), HTTP base and MQTT-over-WebSocket address. */
  nami: { user: string; secret: string; baseUrl: string; mqttUrl: string; pushStallMs: number; pollMs: number } | null;
  /** api-sports (`APISPORTS_KEY`): API-Football v3 and API-Basketball, polled within the plan's budget. */
  apisports: {
    key: string;
    footballUrl: string;
    basketballUrl: string;
    perMinute: number;
    perDay: number;
    pollMs: number;
  } | null;
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

/**
 * A process entry's first step: NODE_ENV unset means production here (`loadConfig`); say so to the
 * packages that read it themselves, so the server-rendered pages (loaded on demand,
 * server/ssr/page-render.ts) run React's production build, not its development one (≈ 0.3 MB more
 * source kept in memory for as long as the process runs, and slower renders).
 */
export function productionUnlessSaid(env: NodeJS.ProcessEnv = process.env): void {
  env.NODE_ENV ??= 'production';
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
    liveSource: liveSourceConfig(env),
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

const LIVE_SOURCES: readonly LiveSourceKind[] = ['simulator', 'replay', 'nami', 'apisports'];

function liveSourceConfig(env: NodeJS.ProcessEnv): LiveSourceConfig {
  const kind = (env.LIVE_SOURCE || (env.FEED_REPLAY ? 'replay' : 'simulator')) as LiveSourceKind;
  if (!LIVE_SOURCES.includes(kind))
    throw new Error(`LIVE_SOURCE must be one of ${LIVE_SOURCES.join(', ')}, got '${kind}'`);
  if (kind === 'replay' && !env.FEED_REPLAY)
    throw new Error('LIVE_SOURCE=replay needs FEED_REPLAY=<recorded feed file>');
  if (kind === 'apisports' && !env.APISPORTS_KEY) throw new Error('LIVE_SOURCE=apisports needs APISPORTS_KEY');
  if (kind === 'nami' && !(env.NAMI_USER && env.NAMI_SECRET))
    throw new Error('LIVE_SOURCE=nami needs NAMI_USER and NAMI_SECRET (纳米数据 account)');
  return {
    kind,
    staleAfterMs: num(env.LIVE_STALE_S, 300, 'LIVE_STALE_S') * 1000,
    nami:
      env.NAMI_USER && env.NAMI_SECRET
        ? {
            user: env.NAMI_USER,
            secret: env.NAMI_SECRET,
            baseUrl: (env.NAMI_BASE_URL || 'https://open.sportnanoapi.com').replace(/\/+$/, ''),
            mqttUrl: env.NAMI_MQTT_URL || 'wss://s.sportnanoapi.com:443/mqtt',
            pushStallMs: num(env.NAMI_PUSH_STALL_S, 30, 'NAMI_PUSH_STALL_S') * 1000,
            pollMs: num(env.NAMI_POLL_S, 2, 'NAMI_POLL_S') * 1000,
          }
        : null,
    apisports: env.APISPORTS_KEY
      ? {
          key: env.APISPORTS_KEY,
          footballUrl: (env.APISPORTS_FOOTBALL_URL || 'https://v3.football.api-sports.io').replace(/\/+$/, ''),
          basketballUrl: (env.APISPORTS_BASKETBALL_URL || 'https://v1.basketball.api-sports.io').replace(/\/+$/, ''),
          perMinute: num(env.APISPORTS_PER_MINUTE, 10, 'APISPORTS_PER_MINUTE'),
          perDay: num(env.APISPORTS_PER_DAY, 100, 'APISPORTS_PER_DAY'),
          pollMs: num(env.APISPORTS_POLL_S, 60, 'APISPORTS_POLL_S') * 1000,
        }
      : null,
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
