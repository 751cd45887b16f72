/**
 * Type test of the inbound router: the real `workers/core/inbound.ts` compiled by tsc against
 * the real protocol, once as it is and once with one extra event kind in the protocol. The
 * extra kind must fail the typecheck at the router's never-check: a kind nobody handles cannot
 * ship silently dropped (as `reminder` once was, behind a `default: return`).
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const protocolChat = path.join(root, 'workers/protocol/chat.ts');
const router = path.join(root, 'workers/core/inbound.ts');
/** Where an extra kind is added: the head of the inbox event union. */
const INBOX_UNION = 'export type InboxEvent =';

function routerDiagnostics(extraKind: string | null): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'workers/tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error('workers/tsconfig.json did not parse');
  const options: ts.CompilerOptions = { ...parsed.options, noEmit: true, composite: false, incremental: false };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, fresh) => {
    if (extraKind && path.resolve(fileName) === protocolChat) {
      const text = ts.sys.readFile(fileName) ?? '';
      expect(text).toContain(INBOX_UNION);
      const grown = text.replace(INBOX_UNION, `${INBOX_UNION}\n  | { kind: '${extraKind}'; id: number }`);
      return ts.createSourceFile(fileName, grown, language);
    }
    return read(fileName, language, onError, fresh);
  };
  const program = ts.createProgram([router], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${path.relative(root, d.file?.fileName ?? '?')}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

describe('inbound events are routed by an exhaustive switch', () => {
  it('the router typechecks against the protocol as it is', () => {
    expect(routerDiagnostics(null)).toEqual([]);
  }, 60_000);

  it('an event kind no module handles fails the typecheck at the never-check', () => {
    const errors = routerDiagnostics('articlePublished');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^workers\/core\/inbound\.ts: .*"articlePublished".* 'never'/);
  }, 60_000);
});
