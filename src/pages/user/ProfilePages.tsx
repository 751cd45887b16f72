/** The 我的 hub, profile (portrait crop + upload), nickname, real-name, settings. */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { getCore, useSession, useSettings, type LiveSettings } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast, withLoading } from '../../state/ui';
import { Avatar } from '../../components/user/Avatar';
import { FormField, FormMessage } from '../../components/user/FormField';
import { HubIcon, type HubIconName } from '../../components/user/HubIcon';
import { PageHeader } from '../../components/user/PageHeader';
import { PortraitCropper } from '../../components/user/PortraitCropper';
import { PortraitAudit, PORTRAIT_CROP_SIDE } from '../../../workers/protocol/api/user-centre';
import { centreApi } from './centre-api';
import { USER_TEXT as T } from './strings';
import { THEMES, applyTheme, readTheme, saveTheme, type ThemeKey } from './theme';
import { goBack, useLoad } from './use-load';
import { idNumberError, nicknameError, realNameError } from './validation';

const HUB_ENTRIES: Array<{ page: HubIconName; label: string }> = [
  { page: 'attention', label: T.hub.attention },
  { page: 'match', label: T.hub.match },
  { page: 'history', label: T.hub.history },
  { page: 'message', label: T.hub.message },
];
const HUB_ROWS: Array<{ page: string; label: string }> = [
  { page: 'community', label: T.hub.community },
  { page: 'proposal', label: T.hub.proposal },
  { page: 'infor', label: T.hub.infor },
  { page: 'certification', label: T.hub.certification },
  { page: 'opinion', label: T.hub.opinion },
  { page: 'question', label: T.hub.question },
  { page: 'set', label: T.hub.set },
  { page: 'about', label: T.hub.about },
];

export function UserHubPage() {
  const session = useSession();
  const user = session.loggedIn ? session.user : null;
  const summary = useLoad(session.loggedIn && user ? () => centreApi.summary() : null, [
    session.loggedIn,
    user?.id,
    user?.nickName,
    user?.portrait,
  ]);
  const unread = summary.data?.unreadMessages ?? 0;
  return (
    <div className="us-page us-page--hub">
      <section className="us-hub__head" aria-label={T.hub.title}>
        {user ? (
          <Link href={paths.userSub('infor')} className="us-hub__me">
            <Avatar src={user.portrait} name={user.nickName} size={64} />
            <span className="us-hub__who">
              <span className="us-hub__nick" data-testid="hub-nickname">
                {user.nickName}
                {summary.data?.certified && <span className="us-tag us-tag--gold">{T.certified}</span>}
              </span>
              <span className="us-hub__id">{T.idLabel(user.id)}</span>
            </span>
          </Link>
        ) : session.loggedIn ? (
          <span className="us-hub__me" role="status" aria-label={T.lists.loading}>
            <Avatar src={null} name=" " size={64} label={T.lists.loading} />
          </span>
        ) : (
          <Link href={paths.login} className="us-hub__me">
            <Avatar src={null} name={T.visitor} size={64} />
            <span className="us-hub__who">
              <span className="us-hub__nick" data-testid="hub-nickname">
                {T.loginOrRegister}
              </span>
              <span className="us-hub__id">{T.loginHint}</span>
            </span>
          </Link>
        )}
        {user && (
          <div className="us-hub__balance">
            <span className="us-hub__balance-num">{summary.data?.balance ?? user.balance}</span>
            <span>{T.balance}</span>
          </div>
        )}
      </section>
      <nav className="us-hub__grid" aria-label={T.hub.title}>
        {HUB_ENTRIES.map((e) => (
          <Link key={e.page} href={paths.userSub(e.page)} className="us-hub__entry">
            <span className="us-hub__icon" aria-hidden="true">
              <HubIcon name={e.page} />
            </span>
            <span>{e.label}</span>
            {e.page === 'message' && unread > 0 && (
              <span className="us-badge" aria-label={`${unread} 条未读`}>
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </Link>
        ))}
      </nav>
      <ul className="us-rows us-card">
        {HUB_ROWS.map((r) => (
          <li key={r.page}>
            <Link href={paths.userSub(r.page)} className="us-row">
              <span>{r.label}</span>
              <span className="us-row__arrow" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

export function InforPage() {
  const [, navigate] = useLocation();
  const session = useSession();
  const user = session.user;
  const realName = useLoad(() => centreApi.realName(), []);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    if (!ACCEPTED.includes(f.type)) return setMsg(T.crop.badFile);
    if (f.size > 10 * 1024 * 1024) return setMsg(T.crop.tooBig);
    setMsg(null);
    setFile(f);
  };
  const upload = async (blob: Blob) => {
    setBusy(true);
    try {
      const env = await withLoading(() => centreApi.uploadPortrait(blob));
      if (env.code !== 200) {
        setMsg(env.msg);
        return;
      }
      setFile(null);
      showToast(T.crop.uploaded);
      await getCore().refreshUser();
    } finally {
      setBusy(false);
    }
  };

  if (!user) return null;
  return (
    <div className="us-page">
      <PageHeader title={T.infor.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      {file && (
        <div className="us-sheet">
          <PortraitCropper
            file={file}
            side={PORTRAIT_CROP_SIDE}
            texts={{ ...T.crop }}
            busy={busy}
            onConfirm={upload}
            onCancel={() => setFile(null)}
          />
        </div>
      )}
      <ul className="us-rows us-card">
        <li className="us-row us-row--portrait">
          <span>{T.infor.portrait}</span>
          <span className="us-row__value">
            <Avatar src={user.portrait} name={user.nickName} size={48} label={T.infor.portrait} />
            {user.portraitAudit === PortraitAudit.PENDING && user.portraitNew && (
              <span className="us-portrait-new" data-testid="portrait-pending">
                <Avatar src={user.portraitNew} name={user.nickName} size={36} label={T.pendingAudit} />
                <span className="us-tag">{T.pendingAudit}</span>
              </span>
            )}
            {user.portraitAudit === PortraitAudit.REJECTED && (
              <span className="us-tag us-tag--red">{T.rejectedAudit}</span>
            )}
            <button type="button" className="us-btn us-btn--small" onClick={() => input.current?.click()}>
              {T.infor.change}
            </button>
            <input
              ref={input}
              type="file"
              accept={ACCEPTED.join(',')}
              className="us-visually-hidden"
              aria-label={T.infor.change}
              onChange={pick}
              data-testid="portrait-input"
            />
          </span>
        </li>
        {user.portraitAudit !== PortraitAudit.NONE && (
          <li className="us-row us-row--note" role="status">
            {user.portraitAudit === PortraitAudit.PENDING ? T.infor.pending : T.infor.rejected}
          </li>
        )}
        <li>
          <Link href={paths.userSub('nickname')} className="us-row">
            <span>{T.infor.nickname}</span>
            <span className="us-row__value" data-testid="infor-nickname">
              {user.nickName} <span aria-hidden="true">›</span>
            </span>
          </Link>
        </li>
        <li className="us-row">
          <span>{T.infor.id}</span>
          <span className="us-row__value">{user.id}</span>
        </li>
        <li className="us-row">
          <span>{T.infor.phone}</span>
          <span className="us-row__value">{user.phone}</span>
        </li>
        <li>
          <Link href={paths.userSub('certification')} className="us-row">
            <span>{T.infor.certification}</span>
            <span className="us-row__value">
              {realName.data?.certified ? `${T.certified} ${realName.data.name}` : T.infor.notCertified}{' '}
              <span aria-hidden="true">›</span>
            </span>
          </Link>
        </li>
        <li>
          <Link href={paths.userSub('changePassWord')} className="us-row">
            <span>{T.infor.password}</span>
            <span className="us-row__arrow" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      </ul>
      <FormMessage text={msg} />
    </div>
  );
}

export function NicknamePage() {
  const [, navigate] = useLocation();
  const session = useSession();
  const [nick, setNick] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ nick: string; available: boolean; msg: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (): Promise<boolean> => {
    const v = nick.trim();
    const e = nicknameError(v);
    setError(e);
    if (e) return false;
    const env = await centreApi.nicknameCheck(v);
    if (env.code !== 200) {
      setError(env.msg);
      return false;
    }
    setStatus({
      nick: v,
      available: env.data.available,
      msg: env.msg || (env.data.available ? T.nickname.available : T.nickname.taken),
    });
    if (!env.data.available) setError(T.nickname.taken);
    return env.data.available;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      if (!(await check())) return;
      const env = await centreApi.nicknameUpdate(nick.trim());
      if (env.code !== 200) {
        setError(env.msg);
        return;
      }
      await getCore().refreshUser();
      showToast(T.nickname.success);
      goBack(navigate, paths.userSub('infor'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="us-page">
      <PageHeader title={T.nickname.title} backLabel={T.back} onBack={() => goBack(navigate, paths.userSub('infor'))} />
      <form className="us-form us-card" onSubmit={submit} noValidate aria-label={T.nickname.title}>
        {session.user && <p className="us-muted">{T.nickname.current(session.user.nickName)}</p>}
        <FormField
          label={T.nickname.label}
          placeholder={T.nickname.placeholder}
          value={nick}
          onChange={(v) => {
            setNick(v);
            setStatus(null);
            setError(null);
          }}
          onBlur={() => nick.trim() && void check()}
          error={error}
          maxLength={12}
          name="nickName"
          aside={
            <button type="button" className="us-sms-btn" onClick={() => void check()}>
              {T.nickname.check}
            </button>
          }
        />
        {status?.available && status.nick === nick.trim() && (
          <p className="us-form-msg us-form-msg--ok" role="status">
            {status.msg}
          </p>
        )}
        <button type="submit" className="us-btn us-btn--block" disabled={busy}>
          {T.nickname.submit}
        </button>
      </form>
    </div>
  );
}

export function CertificationPage() {
  const [, navigate] = useLocation();
  const state = useLoad(() => centreApi.realName(), []);
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<{ name: string | null; id: string | null }>({ name: null, id: null });
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { name: realNameError(name), id: idNumberError(idNumber) };
    setErrors(next);
    if (next.name || next.id) return;
    setBusy(true);
    try {
      const env = await centreApi.certify(name.trim(), idNumber.trim().toUpperCase());
      if (env.code !== 200) {
        setMsg(env.msg);
        return;
      }
      state.set(env.data);
      showToast(T.cert.success);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="us-page">
      <PageHeader title={T.cert.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      {state.data?.certified ? (
        <section className="us-card us-cert-done" aria-label={T.cert.done}>
          <p className="us-cert-done__title">✓ {T.cert.done}</p>
          <dl className="us-dl">
            <dt>{T.cert.name}</dt>
            <dd data-testid="cert-name">{state.data.name}</dd>
            <dt>{T.cert.idNumber}</dt>
            <dd data-testid="cert-id">{state.data.idNumber}</dd>
          </dl>
        </section>
      ) : (
        <form className="us-form us-card" onSubmit={submit} noValidate aria-label={T.cert.title}>
          <p className="us-muted">{T.cert.notice}</p>
          <FormField
            label={T.cert.name}
            placeholder={T.cert.namePh}
            value={name}
            onChange={setName}
            error={errors.name}
            maxLength={20}
            name="name"
            autoComplete="name"
          />
          <FormField
            label={T.cert.idNumber}
            placeholder={T.cert.idPh}
            value={idNumber}
            onChange={setIdNumber}
            error={errors.id}
            maxLength={18}
            name="idNumber"
            autoComplete="off"
          />
          <FormMessage text={msg} />
          <button type="submit" className="us-btn us-btn--block" disabled={busy || state.loading}>
            {T.cert.submit}
          </button>
        </form>
      )}
    </div>
  );
}

const ALERT_KEYS = [
  'goalChecked',
  'redChecked',
  'hpChecked',
  'jqChecked',
  'followedOnly',
  'sound',
  'vibrate',
  'pmChecked',
] as const;

function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="us-row us-switch">
      <span>{label}</span>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <i aria-hidden="true" />
    </label>
  );
}

async function clearCaches(): Promise<void> {
  if ('caches' in window) {
    for (const key of await caches.keys()) await caches.delete(key);
  }
  sessionStorage.clear();
}

export function SetPage() {
  const [, navigate] = useLocation();
  const session = useSession();
  const settings = useSettings();
  const [theme, setTheme] = useState<ThemeKey>(() => readTheme());
  const [confirmLogout, setConfirmLogout] = useState(false);
  const update = (patch: Partial<LiveSettings>) => void getCore().updateSettings(patch);

  return (
    <div className="us-page">
      <PageHeader title={T.set.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      <section className="us-card" aria-labelledby="us-set-theme">
        <h2 id="us-set-theme" className="us-card__title">
          {T.set.theme}
        </h2>
        <div className="us-themes" role="radiogroup" aria-labelledby="us-set-theme">
          {(Object.keys(THEMES) as ThemeKey[]).map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={theme === k}
              className={`us-theme${theme === k ? ' is-active' : ''}`}
              style={{ ['--swatch' as string]: THEMES[k] }}
              onClick={() => {
                setTheme(k);
                saveTheme(k);
                applyTheme(k);
              }}
            >
              <span className="us-theme__swatch" aria-hidden="true" />
              {T.set.themeNames[k]}
            </button>
          ))}
        </div>
      </section>
      <section className="us-card" aria-labelledby="us-set-alerts">
        <h2 id="us-set-alerts" className="us-card__title">
          {T.set.alerts}
        </h2>
        {settings ? (
          <>
            {ALERT_KEYS.map((k) => (
              <Switch key={k} label={T.set[k]} checked={settings[k]} onChange={(v) => update({ [k]: v })} />
            ))}
            <label className="us-row">
              <span>{T.set.alertDelay}</span>
              <input
                type="number"
                className="us-num"
                min={0}
                max={60}
                value={settings.alertDelaySec}
                onChange={(e) =>
                  update({ alertDelaySec: Math.max(0, Math.min(60, Math.round(Number(e.target.value) || 0))) })
                }
              />
            </label>
          </>
        ) : (
          <p className="us-list-state" role="status">
            {T.lists.loading}
          </p>
        )}
      </section>
      <ul className="us-rows us-card">
        {session.loggedIn && (
          <li>
            <Link href={paths.userSub('changePassWord')} className="us-row">
              <span>{T.change.title}</span>
              <span className="us-row__arrow" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        )}
        <li>
          <button
            type="button"
            className="us-row"
            onClick={async () => {
              await clearCaches();
              showToast(T.set.cacheCleared);
            }}
          >
            <span>{T.set.clearCache}</span>
          </button>
        </li>
        <li>
          <Link href={paths.agreement('yhxy')} className="us-row">
            <span>{T.set.agreement}</span>
            <span className="us-row__arrow" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
        <li>
          <Link href={paths.agreement('yszc')} className="us-row">
            <span>{T.set.privacy}</span>
            <span className="us-row__arrow" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
        <li>
          <Link href={paths.userSub('about')} className="us-row">
            <span>{T.set.about}</span>
            <span className="us-row__arrow" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      </ul>
      {session.loggedIn &&
        (confirmLogout ? (
          <div className="us-card us-confirm" role="alertdialog" aria-labelledby="us-logout-q">
            <p id="us-logout-q">{T.set.confirmLogout}</p>
            <div className="us-crop__actions">
              <button type="button" className="us-btn us-btn--ghost" onClick={() => setConfirmLogout(false)}>
                {T.crop.cancel}
              </button>
              <button
                type="button"
                className="us-btn us-btn--danger"
                onClick={async () => {
                  await getCore().logout();
                  showToast(T.set.loggedOut);
                  navigate(paths.user, { replace: true });
                }}
              >
                {T.set.logout}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="us-btn us-btn--block us-btn--danger us-logout"
            onClick={() => setConfirmLogout(true)}
          >
            {T.set.logout}
          </button>
        ))}
    </div>
  );
}
