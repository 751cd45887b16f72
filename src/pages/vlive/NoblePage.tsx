/** /vlive/noble: nobility levels, privileges and prices; buy or renew a level with balance. */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Code } from '../../../workers/protocol/codes';
import { VlivePaths, type VliveNobility, type VliveNobilityResult } from '../../../workers/protocol/api/vlive';
import { paths } from '../../app/paths';
import { NOBLE_COLORS } from '../../components/vlive/NobleBadge';
import { VLIVE_TEXT } from '../../components/vlive/strings';
import { CoinShortNote } from '../../components/vlive/CoinShortNote';
import { formatChinaTime, getCore, useSession, useCoreRequest, useWallet } from '../../core/index';
import { showToast } from '../../state/ui';
import { useIdemKeys } from './idem-key';
import { insufficientOf } from './insufficient';
import { RECHARGE_PAGE, type InsufficientBalance } from '../../../workers/protocol/api/pay';

export function NoblePage() {
  const session = useSession();
  const [, navigate] = useLocation();
  const [key, setKey] = useState(0);
  const info = useCoreRequest<VliveNobility>({ path: VlivePaths.nobility }, `${key}-${session.loggedIn}`);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [short, setShort] = useState<InsufficientBalance | null>(null);
  const buyKeys = useIdemKeys();
  const data = info.data;
  const balance = useWallet() ?? data?.balance ?? null;
  const mine = data?.mine.level ?? 0;

  const buy = async (level: number, name: string) => {
    if (!session.loggedIn) return navigate(paths.login);
    if (confirming !== level) return setConfirming(level);
    if (busy) return;
    const idemKey = buyKeys.keyFor(String(level));
    setBusy(true);
    try {
      const env = await getCore().request<VliveNobilityResult>({
        path: VlivePaths.nobilityBuy,
        method: 'POST',
        body: { level, idemKey },
      });
      buyKeys.settle(env.code);
      setShort(insufficientOf(env));
      if (env.code === Code.OK) {
        void getCore().noteBalance(env.data.balance);
        showToast(VLIVE_TEXT.nobleDone(name));
        setConfirming(null);
        setKey((k) => k + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="vl-page">
      <div className="vl-noble-head">
        <h1>{VLIVE_TEXT.nobleTitle}</h1>
        <p>
          {mine > 0 && data?.mine.expiresAt
            ? VLIVE_TEXT.nobleMine(
                data.levels.find((l) => l.level === mine)?.name ?? '',
                formatChinaTime(data.mine.expiresAt, 'YYYY-MM-DD'),
              )
            : VLIVE_TEXT.nobleNone}
        </p>
        {session.loggedIn && (
          <p data-balance={balance ?? ''}>
            {VLIVE_TEXT.balance}：{balance ?? '-'} {VLIVE_TEXT.coin}{' '}
            <Link href={RECHARGE_PAGE} className="vl-recharge">
              {VLIVE_TEXT.recharge}
            </Link>
          </p>
        )}
        <CoinShortNote short={short} />
      </div>
      <ul className="vl-levels">
        {(data?.levels ?? []).map((l) => {
          const lower = l.level < mine;
          return (
            <li
              key={l.level}
              className={l.level === mine ? 'vl-level vl-level--mine' : 'vl-level'}
              style={{ ['--c' as string]: NOBLE_COLORS[l.level] ?? l.color }}
              data-level={l.level}
            >
              <header>
                <h2>
                  {l.name} <small style={{ color: '#999', fontWeight: 400 }}>{VLIVE_TEXT.nobleDays(l.days)}</small>
                </h2>
                <button
                  type="button"
                  className="vl-btn vl-btn--gold"
                  disabled={lower || busy}
                  onClick={() => void buy(l.level, l.name)}
                >
                  {lower
                    ? VLIVE_TEXT.nobleHigher
                    : confirming === l.level
                      ? '确认开通'
                      : l.level === mine
                        ? VLIVE_TEXT.nobleRenew(l.price)
                        : VLIVE_TEXT.nobleBuy(l.price)}
                </button>
              </header>
              {confirming === l.level && (
                <p style={{ margin: '6px 0 0', color: '#b45309' }}>{VLIVE_TEXT.nobleConfirm(l.name, l.price)}</p>
              )}
              <ul>
                {l.privileges.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
