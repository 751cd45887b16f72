/**
 * Session: login (password with the one-time iv, or SMS code), register, logout, user info, the
 * stored session on a cold start. Lends the kernel the token (REST header, socket auth frame).
 * Other modules react to `session$` (inbox watch, follows sync) instead of being called from here.
 */
import { BehaviorSubject, first, firstValueFrom } from 'rxjs';
import { Code } from '../../protocol/codes';
import { UserPaths, type AuthResult, type UserInfo } from '../../protocol/api/user';
import type { Envelope } from '../../protocol/envelope';
import type { InboxEvent } from '../../protocol/chat';
import { encodeTransitPassword, type PasswordIv } from '../../protocol/password-transit';
import type { ActionResult, LoginForm, RegisterForm, SessionHandlers, SessionValue } from '../api';
import type { Kernel } from '../kernel';

export type LogoutReason = 'no-token' | 'user' | 'elsewhere';

export interface SessionModule {
  readonly session$: BehaviorSubject<SessionValue>;
  readonly handlers: SessionHandlers;
  /** Reads the stored session once `before` (other modules' stored state) has loaded. */
  boot(before: Promise<unknown>): Promise<void>;
  /** Inbound: the server ended this session (logged in elsewhere). */
  onEvent(event: Extract<InboxEvent, { kind: 'logout' }>): void;
}

type Result = ActionResult<UserInfo | null>;
const refused = (code: number, msg: string): Result => ({ ok: false, code, msg, data: null });

export function createSessionModule(kernel: Kernel): SessionModule {
  const { store, socket } = kernel;
  const session$ = new BehaviorSubject<SessionValue>({ loggedIn: false, user: null, token: null, ready: false });
  // Settles the first time the session is known (`ready`), however it became so.
  const known = firstValueFrom(session$.pipe(first((s) => s.ready))).then(() => undefined);

  kernel.useAuth({
    token: () => session$.value.token,
    whenKnown: () => (session$.value.ready ? null : known),
    loggedIn: () => session$.value.loggedIn,
    // Only the current session ends: a slow answer to a request sent with the token of a session
    // that has since been replaced (log out, log in again) must not log the new one out.
    onNoToken: (used) => {
      if (used !== null && used === session$.value.token) void endSession('no-token');
    },
    onAuthRefused: () => void refreshUser(),
  });

  async function startSession(auth: AuthResult): Promise<void> {
    session$.next({ loggedIn: true, user: auth.user, token: auth.token, ready: true });
    await store.set('session', { token: auth.token, user: auth.user });
    socket.restart();
    kernel.updateSocketRunning();
  }

  async function endSession(reason: LogoutReason): Promise<void> {
    if (!session$.value.loggedIn) return;
    session$.next({ loggedIn: false, user: null, token: null, ready: true });
    await store.clearUser().catch((e: unknown) => kernel.log('clear user failed', e));
    // Spec §4: the socket is closed on logout; it reopens as a visitor only if live topics are watched.
    socket.stop();
    kernel.updateSocketRunning();
    kernel.navigation$.next({ kind: 'logout', reason });
  }

  async function withIv(passwords: string[]): Promise<{ iv: string; sealed: string[] } | Envelope<null>> {
    const ivEnv = await kernel.request<unknown>({ path: UserPaths.passwordIv });
    if (ivEnv.code !== Code.OK) return ivEnv as Envelope<null>;
    const answer = ivEnv.data as PasswordIv;
    const sealed = await Promise.all(passwords.map((p) => encodeTransitPassword(p, answer)));
    return { iv: answer.iv, sealed };
  }

  async function answer(env: Envelope<AuthResult>): Promise<Result> {
    if (env.code !== Code.OK) return refused(env.code, env.msg);
    await startSession(env.data);
    return { ok: true, code: env.code, msg: env.msg, data: env.data.user };
  }

  async function login(form: LoginForm): Promise<Result> {
    const body: Record<string, unknown> = { phone: form.phone };
    if (form.password !== undefined) {
      const r = await withIv([form.password]);
      if ('code' in r) return refused(r.code, r.msg);
      body.password = r.sealed[0];
      body.iv = r.iv;
      if (form.vertoken) body.vertoken = form.vertoken;
    } else body.code = form.code;
    return answer(await kernel.request<AuthResult>({ path: UserPaths.login, method: 'POST', body }));
  }

  async function register(form: RegisterForm): Promise<Result> {
    const r = await withIv([form.password]);
    if ('code' in r) return refused(r.code, r.msg);
    const body = { phone: form.phone, code: form.code, password: r.sealed[0], iv: r.iv };
    return answer(await kernel.request<AuthResult>({ path: UserPaths.register, method: 'POST', body }));
  }

  async function logout(): Promise<void> {
    if (session$.value.token) await kernel.request({ path: UserPaths.logout }).catch(() => undefined);
    await endSession('user');
  }

  async function refreshUser(): Promise<Result> {
    const used = session$.value.token;
    if (!used) return refused(Code.NO_TOKEN, '未登录');
    const env = await kernel.request<UserInfo>({ path: UserPaths.info });
    // The session changed while the call was out: its answer is about a session that is gone.
    if (session$.value.token !== used) return refused(env.code, env.msg);
    if (env.code !== Code.OK) {
      // Spec §4: a non-200 user-info answer clears auth. No answer at all (offline, a worker
      // being shut down mid-fetch) or a server fault says nothing about the token: keep it.
      if (env.code === Code.SERVER_ERROR || (env.code >= 500 && env.code < 600)) return refused(env.code, env.msg);
      await endSession(env.code === Code.NO_TOKEN ? 'no-token' : 'elsewhere');
      return refused(env.code, env.msg);
    }
    const s = session$.value;
    session$.next({ ...s, user: env.data });
    await store.set('session', { token: s.token, user: env.data });
    return { ok: true, code: env.code, msg: env.msg, data: env.data };
  }

  async function boot(before: Promise<unknown>): Promise<void> {
    try {
      const [stored] = await Promise.all([store.get<{ token: string; user: UserInfo }>('session'), before]);
      if (stored?.token) {
        session$.next({ loggedIn: true, user: stored.user, token: stored.token, ready: true });
        kernel.updateSocketRunning();
        void refreshUser();
      } else session$.next({ ...session$.value, ready: true });
    } catch (e) {
      kernel.log('offline store read failed', e);
      session$.next({ ...session$.value, ready: true });
    }
  }

  return {
    session$,
    handlers: { login, register, logout, refreshUser },
    boot,
    onEvent: () => void endSession('elsewhere'),
  };
}
