/**
 * `npm start` runs the compiled server (issue 27): dist-server/main.js with plain node, started
 * exactly as package.json's start script does, on a fresh data folder. It must come up healthy on
 * embedded PGlite (migrations, seeds, the HLS clip it loads at start and the sensitive-word list it
 * reads on first use are all found from the bundle), serve the app's pages and the operator CLI,
 * and run without tsx or esbuild: no loader in its arguments, no child process.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmStartArgs, startServer, type RunningServer } from '../helpers/e2e';

const ROOT = path.resolve(import.meta.dirname, '../..');
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ command: npmStartArgs(), env: { DEV_CONTROL: '0', OPS_TOKEN: 'footprint-ops' } });
});
afterAll(async () => {
  await server?.stop();
});

describe('the compiled server (npm start)', () => {
  it('is the bundle run by node alone, with no tsx, esbuild or child process', () => {
    expect(npmStartArgs().at(-1)).toBe('dist-server/main.js');
    const cmdline = fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0').join(' ');
    expect(cmdline).toContain('dist-server/main.js');
    expect(cmdline).not.toMatch(/tsx|esbuild/);
    const children = fs
      .readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === server.pid;
        } catch {
          return false;
        }
      });
    expect(children).toEqual([]);
    const maps = fs.readFileSync(`/proc/${server.pid}/maps`, 'utf8');
    expect(maps).not.toMatch(/esbuild/);
  });

  it('answers /healthz on PGlite with the live source running', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { db: boolean; feed: boolean; storage: string } };
    expect(body.data).toMatchObject({ db: true, feed: true, storage: 'pglite' });
  });

  it('serves the first screen and a deep link', async () => {
    for (const p of ['/', '/live', '/news']) {
      const res = await fetch(server.url + p);
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).toContain('<div id="root"');
    }
  });

  it('the new database was copied from the build’s empty cluster and runs with bounded memory', () => {
    const conf = fs.readFileSync(path.join(server.dataDir, 'pglite', 'postgresql.conf'), 'utf8');
    expect(conf).toMatch(/shared_buffers = 16MB/);
    expect(fs.existsSync(path.join(ROOT, 'dist-server/pglite-template/PG_VERSION'))).toBe(true);
  });

  it('runs the compiled operator CLI against it (npm run ops)', () => {
    const out = execFileSync(process.execPath, ['dist-server/ops/cli.js', 'experts'], {
      cwd: ROOT,
      env: { ...process.env, OPS_TOKEN: 'footprint-ops', OPS_URL: server.url },
      encoding: 'utf8',
    });
    expect(out.trim()).not.toBe('');
    expect(out).not.toMatch(/无法连接|usage/i);
  });
});
