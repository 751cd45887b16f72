/**
 * The ChatGPT tab at 375×812 (issue 30): a question about a team, then a follow-up that leans on
 * it (那他们下一场呢？) answered about the same team, then a team the data does not hold, said to
 * be not found with the closest names offered. On this port (≠ 8008) the tab bar's fourth link
 * is ChatGPT.
 */
import { describe, expect, it } from 'vitest';
import { collectErrors, newPhonePage, screenshot } from '../helpers/e2e';
import { useE2eWorld } from '../helpers/e2e-world';
import type { Match } from '../../workers/protocol/index';
import type { TeamPage } from '../../workers/protocol/api/database';

const world = useE2eWorld();

describe('ChatGPT tab', () => {
  it('answers a follow-up about the team asked before, and says a missing team is not found', async () => {
    const { server, browser } = world;
    const list = (await (await fetch(`${server.url}/main/live/zq/list`)).json()) as { data: Match[] };
    // A team of today's list whose next fixture the 数据库 team page holds.
    let team: TeamPage | null = null;
    const major = ['英超', '西甲', '意甲', '德甲', '法甲', '中超'];
    const byLeague = [...list.data].sort(
      (a, b) => Number(!major.includes(a.leagueName)) - Number(!major.includes(b.leagueName)),
    );
    for (const m of byLeague.slice(0, 30)) {
      const page = (await (await fetch(`${server.url}/main/database/team/${m.home.id}`)).json()) as {
        data: TeamPage | null;
      };
      if (page.data?.standing && page.data.upcoming[0]) {
        team = page.data;
        break;
      }
    }
    expect(team).toBeTruthy();
    const t = team!;
    const next = t.upcoming[0]!;
    const opponent = next.home.id === t.id ? next.away.name : next.home.name;

    const page = await newPhonePage(browser);
    const errors = collectErrors(page);
    await page.goto(`${server.url}/live/hot`);
    const tabs = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: '我的' }) });
    await tabs.getByRole('link', { name: 'ChatGPT' }).click();
    await page.waitForURL('**/ChatGPT');

    /** Asks, waits for the next answer to arrive and checks what the engine understood. */
    const ask = async (question: string, intent: string) => {
      const answers = page.locator('[data-chat-answer]');
      const before = await answers.count();
      await page.getByLabel('输入你的问题').fill(question);
      await page.getByRole('button', { name: '发送' }).click();
      const answer = answers.nth(before);
      await answer.waitFor({ timeout: 60_000 }).catch(async (e: unknown) => {
        await screenshot(page, 'chatgpt-no-answer');
        throw e;
      });
      expect(await answer.getAttribute('data-chat-answer'), (await answer.textContent()) ?? '').toBe(intent);
      return answer;
    };

    const position = await ask(`${t.name}排第几`, 'position');
    expect(await position.textContent()).toContain(`第 ${t.standing!.rank} 名`);

    // The follow-up names no team: it is about the team of the last question.
    const follow = await ask('那他们下一场呢？', 'next');
    const followText = (await follow.textContent())!;
    expect(followText).toContain(`${t.name}下一场`);
    expect(followText).toContain(opponent);
    expect(await follow.locator(`a[href="/live/zq/detail/${next.id}"]`).count()).toBe(1);
    await screenshot(page, 'chatgpt-follow-up');

    const missing = await ask('火星联队排第几', 'not_found');
    const missingText = (await missing.textContent())!;
    expect(missingText).toContain('没有找到名为“火星联队”的球队');
    expect(missingText).toContain('你是不是想问');
    expect(missingText).not.toMatch(/第 \d+ 名/);
    await screenshot(page, 'chatgpt-not-found');
    expect(errors).toEqual([]);
    await page.close();
  });
});
