/**
 * useConfirm: the answer of the app's dialog as a promise, each question answered once; and no
 * view left that asks with the browser's own confirm box.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useConfirm, type ConfirmQuestion } from '../../../src/components/use-confirm';

const question = (title: string): ConfirmQuestion => ({
  title,
  message: `确定${title}吗？`,
  confirmText: '确定',
  cancelText: '取消',
});

function Asker({ onAnswer }: { onAnswer: (title: string, yes: boolean) => void }) {
  const { dialog, ask } = useConfirm();
  const open = (title: string) => void ask(question(title)).then((yes) => onAnswer(title, yes));
  return (
    <>
      <button type="button" onClick={() => open('删除')}>
        删除
      </button>
      <button type="button" onClick={() => open('退出')}>
        退出
      </button>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('answers yes once however often the confirm button is tapped, and no on 取消', async () => {
    const answers: Array<[string, boolean]> = [];
    render(<Asker onAnswer={(t, yes) => answers.push([t, yes])} />);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    const ok = screen.getByRole('button', { name: '确定' });
    await act(async () => {
      fireEvent.click(ok);
      fireEvent.click(ok);
    });
    expect(answers).toEqual([['删除', true]]);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '取消' }));
    });
    expect(answers).toEqual([
      ['删除', true],
      ['删除', false],
    ]);
  });

  it('a new question answers the open one no', async () => {
    const answers: Array<[string, boolean]> = [];
    const { container } = render(<Asker onAnswer={(t, yes) => answers.push([t, yes])} />);
    const [remove, leave] = container.querySelectorAll(':scope > button');
    fireEvent.click(remove!);
    await act(async () => {
      fireEvent.click(leave!);
    });
    expect(answers).toEqual([['删除', false]]);
    expect(screen.getByRole('alertdialog', { name: '退出' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确定' }));
    });
    expect(answers).toEqual([
      ['删除', false],
      ['退出', true],
    ]);
  });
});

describe('no browser confirm box', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
    });

  it('no view under src/ calls window.confirm (or a bare confirm())', () => {
    const found = files(join(__dirname, '../../../src')).filter((path) => {
      // Comments may name it (they say why it is not used); code may not.
      const code = readFileSync(path, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      return /\b(window|globalThis|self)\s*\.\s*confirm\b|(?<![\w.$])confirm\s*\(/.test(code);
    });
    expect(found).toEqual([]);
  });
});
