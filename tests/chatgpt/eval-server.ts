/**
 * The server the evaluation asks: the real server process (server/main.ts) on an ephemeral
 * port with a new PGlite database in a temp dir, the simulator feed, TRUST_PROXY on (each
 * question comes from its own visitor address) and, optionally, an LLM backend. It needs no
 * client build: a one-line index.html stands in for dist/ (the evaluation reads the API only).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/e2e';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface EvalServer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startEvalServer(env: Record<string, string> = {}, readyTimeoutMs = 300_000): Promise<EvalServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-chatgpt-eval-'));
  const distDir = path.join(dataDir, 'dist');
  fs.mkdirSync(distDir);
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>eval</title>');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'db'),
      DIST_DIR: distDir,
      DEV_CONTROL: '1',
      FEED_SPEED: '1',
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      NATS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr.on('data', (b: Buffer) => (log += b.toString()));
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(t);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`server exited before it was ready:\n${log}`);
    }
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not healthy in ${readyTimeoutMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, output: () => log, stop };
}
