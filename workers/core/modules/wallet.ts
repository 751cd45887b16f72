/**
 * The user's coin balance as one stream for every tab: read when a session starts, then moved
 * by the server's `wallet` inbox events (a gift from another tab, a credit) and by the answers
 * a tab reports (a gift it just sent). Cleared when the session ends.
 */
import { BehaviorSubject } from 'rxjs';
import { tokenChanges } from '../session-token';
import { Code } from '../../protocol/codes';
import { VlivePaths } from '../../protocol/api/vlive';
import type { InboxEvent } from '../../protocol/chat';
import type { ParsedTopic } from '../../protocol/topics';
import type { SessionValue, WalletHandlers, WalletValue } from '../api';
import type { Kernel, StreamBuilders } from '../kernel';

export interface WalletModule {
  readonly streams: Pick<StreamBuilders, 'wallet'>;
  readonly handlers: WalletHandlers;
  onEvent(event: Extract<InboxEvent, { kind: 'wallet' }>): void;
}

const isBalance = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

export function createWalletModule(kernel: Kernel, session$: BehaviorSubject<SessionValue>): WalletModule {
  const wallet$ = new BehaviorSubject<WalletValue>({ balance: null });
  // Bumped per session: an answer for a session that has ended is dropped.
  let round = 0;

  async function refresh(): Promise<void> {
    const mine = round;
    const env = await kernel.request<{ balance?: unknown }>({ path: VlivePaths.balance, silent: true });
    if (mine !== round || env.code !== Code.OK || !isBalance(env.data?.balance)) return;
    wallet$.next({ balance: env.data.balance });
  }

  const sub = tokenChanges(session$).subscribe((token) => {
    round++;
    wallet$.next({ balance: null });
    if (token) void refresh();
  });
  kernel.onDispose(() => sub.unsubscribe());
  // Events missed past the replay window: read the balance again.
  kernel.onSnapshot(async (topic: ParsedTopic) => {
    if (topic.kind === 'inbox' && session$.value.token) await refresh();
  });

  const set = (balance: number) => {
    if (session$.value.token && isBalance(balance) && wallet$.value.balance !== balance) wallet$.next({ balance });
  };

  return {
    streams: { wallet: () => wallet$ },
    handlers: {
      async noteBalance(balance) {
        set(balance);
      },
    },
    onEvent(event) {
      set(event.balance);
    },
  };
}
