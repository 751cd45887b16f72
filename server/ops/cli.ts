/**
 * `npm run ops -- <command> [args]`: operator commands over the operator HTTP API of a running
 * server (OPS_URL, default http://127.0.0.1:$PORT), authenticated by OPS_TOKEN. Each area adds
 * its command to COMMANDS from its own file.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { verifyDrawsCommand, type VerifyDrawsEnv } from '../activity/verify-draws';

type Command = (args: string[], env: VerifyDrawsEnv) => Promise<number>;

export const COMMANDS: Record<string, Command> = {
  'verify-draws': verifyDrawsCommand,
};

export async function runOps(argv: string[], env: VerifyDrawsEnv): Promise<number> {
  const [name, ...args] = argv;
  const cmd = name ? COMMANDS[name] : undefined;
  if (!cmd) {
    env.out(`用法: npm run ops -- <命令>；命令: ${Object.keys(COMMANDS).join(', ')}`);
    return 2;
  }
  return cmd(args, env);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const env: VerifyDrawsEnv = {
    baseUrl: process.env.OPS_URL || `http://127.0.0.1:${process.env.PORT || 8008}`,
    token: process.env.OPS_TOKEN || null,
    fetch,
    out: (line) => console.log(line),
  };
  runOps(process.argv.slice(2), env).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}
