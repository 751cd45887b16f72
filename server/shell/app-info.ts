/**
 * App info (spec §3 appInfo): name, public host and the download packages. Comes from the
 * environment (APP_NAME, APP_ANDROID_URL, …, README lists them), overridden by the `app_info` row
 * of the kv table so an operator can publish a new package without a restart. A package whose
 * URL is not configured is `null`: the download pages then say it is not published.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AppInfo, AppPackage } from '../../workers/protocol/api/system';
import type { Db } from '../db/index';

export const APP_INFO_KV_KEY = 'app_info';

const packageUrl = z
  .string()
  .trim()
  .refine(
    (s) => /^https?:\/\//.test(s) || s.startsWith('/') || s.startsWith('itms-services://'),
    '安装包地址必须是 http(s)、itms-services 或站内路径',
  );

const packageSchema = z.object({
  url: packageUrl,
  version: z.string().trim().min(1).max(32),
  size: z.number().int().nonnegative().nullable().default(null),
});

/** What the kv row may override (every field optional; null unpublishes a package). */
export const appInfoOverrideSchema = z.object({
  name: z.string().trim().min(1).max(20).optional(),
  android: packageSchema.nullable().optional(),
  ios: packageSchema.nullable().optional(),
});

export interface AppInfoConfig {
  name: string;
  android: AppPackage | null;
  ios: AppPackage | null;
  webVersion: string;
}

function pkgFromEnv(env: NodeJS.ProcessEnv, prefix: 'APP_ANDROID' | 'APP_IOS'): AppPackage | null {
  const url = env[`${prefix}_URL`];
  if (!url) return null;
  const size = env[`${prefix}_SIZE`];
  const parsed = packageSchema.safeParse({
    url,
    version: env[`${prefix}_VERSION`] || '1.0.0',
    size: size ? Number(size) : null,
  });
  if (!parsed.success) throw new Error(`${prefix}_*: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

function readWebVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Reads the environment once at start; a malformed package setting stops the process early. */
export function appInfoConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AppInfoConfig {
  return {
    name: env.APP_NAME?.trim() || '球赛',
    android: pkgFromEnv(env, 'APP_ANDROID'),
    ios: pkgFromEnv(env, 'APP_IOS'),
    webVersion: readWebVersion(),
  };
}

/** Env config with the kv override applied. A malformed kv row is ignored (and logged by the caller). */
export async function loadAppInfo(
  db: Db,
  base: AppInfoConfig,
  host: string,
): Promise<{ info: Omit<AppInfo, 'demoData'>; overrideError: string | null }> {
  const row = await db.selectFrom('kv').select('value').where('key', '=', APP_INFO_KV_KEY).executeTakeFirst();
  let override: z.infer<typeof appInfoOverrideSchema> = {};
  let overrideError: string | null = null;
  if (row) {
    const parsed = appInfoOverrideSchema.safeParse(row.value);
    if (parsed.success) override = parsed.data;
    else overrideError = parsed.error.issues[0]?.message ?? 'invalid app_info';
  }
  return {
    info: {
      name: override.name ?? base.name,
      host,
      android: override.android !== undefined ? override.android : base.android,
      ios: override.ios !== undefined ? override.ios : base.ios,
      webVersion: base.webVersion,
    },
    overrideError,
  };
}

/** Publishes (or with null unpublishes) packages / renames the app: validated, then stored. */
export async function saveAppInfoOverride(db: Db, value: unknown): Promise<void> {
  const parsed = appInfoOverrideSchema.parse(value);
  await db
    .insertInto('kv')
    .values({ key: APP_INFO_KV_KEY, value: JSON.stringify(parsed) as unknown })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: JSON.stringify(parsed) as unknown, updated_at: new Date() }),
    )
    .execute();
}
