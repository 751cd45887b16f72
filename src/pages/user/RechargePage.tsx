/**
 * /user/recharge: buy 球币 packages. The chosen provider either credits at once (development
 * provider) or sends the user to pay (Alipay's checkout); coins arrive only when the provider's
 * signed notification reaches the server, and the balance then updates in every tab.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Code } from '../../../workers/protocol/codes';
import { PayPaths, type PayOrder, type PayPackagesInfo, type PayProviderId } from '../../../workers/protocol/api/pay';
import { paths } from '../../app/paths';
import { PageHeader } from '../../components/user/PageHeader';
import { formatChinaTime, getCore, useCoreRequest, useWallet } from '../../core/index';
import { showToast } from '../../state/ui';
import { useIdemKeys } from '../vlive/idem-key';
import { USER_TEXT as T } from './strings';
import { goBack } from './use-load';

/** While an order waits for payment, its row is read again this often (ms). */
const PENDING_ORDER_POLL_MS = 5_000;

const yuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));

export function RechargePage() {
  const [, navigate] = useLocation();
  const [round, setRound] = useState(0);
  const info = useCoreRequest<PayPackagesInfo>({ path: PayPaths.packages }, `pk-${round}`);
  const wallet = useWallet();
  // The orders are read again when the balance moves (a payment credited elsewhere: Alipay's
  // notification reaches the server, which pushes the new balance), and every few seconds while
  // one waits for payment, so a row never stays 待支付 after its coins arrived.
  const [ordersRound, setOrdersRound] = useState(0);
  const orders = useCoreRequest<PayOrder[]>({ path: PayPaths.orders }, `or-${round}-${ordersRound}-${wallet ?? ''}`);
  const waiting = orders.data?.some((o) => o.state === 'created' || o.state === 'paid') ?? false;
  useEffect(() => {
    if (!waiting) return;
    const t = setInterval(() => setOrdersRound((r) => r + 1), PENDING_ORDER_POLL_MS);
    return () => clearInterval(t);
  }, [waiting]);
  const [picked, setPicked] = useState<number | null>(null);
  const [provider, setProvider] = useState<PayProviderId | null>(null);
  const [busy, setBusy] = useState(false);
  const payKeys = useIdemKeys();
  const data = info.data;
  const balance = wallet ?? data?.balance ?? null;
  const pkgId = picked ?? data?.packages[0]?.id ?? null;
  const providerId = provider ?? data?.providers[0]?.id ?? null;
  const pkg = data?.packages.find((p) => p.id === pkgId) ?? null;

  const pay = async () => {
    if (!pkg || !providerId || busy) return;
    const idemKey = payKeys.keyFor(`${pkg.id}:${providerId}`);
    setBusy(true);
    try {
      const env = await getCore().request<PayOrder>({
        path: PayPaths.order,
        method: 'POST',
        body: { packageId: pkg.id, provider: providerId, idemKey },
      });
      payKeys.settle(env.code);
      if (env.code !== Code.OK) return;
      if (env.data.balance !== null) void getCore().noteBalance(env.data.balance);
      if (env.data.state === 'credited') showToast(T.recharge.done(env.data.coins));
      if (env.data.payUrl) {
        window.location.assign(env.data.payUrl);
        return;
      }
      setRound((r) => r + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="us-page us-recharge">
      <PageHeader title={T.recharge.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      <section className="us-card us-recharge__balance">
        <span>{T.recharge.balance}</span>
        <strong data-balance={balance ?? ''}>{balance ?? '-'}</strong>
        <span>{T.recharge.coin}</span>
      </section>
      <section className="us-card">
        <h2 className="us-card__title">{T.recharge.packages}</h2>
        <div className="us-recharge__grid" role="radiogroup" aria-label={T.recharge.packages}>
          {(data?.packages ?? []).map((p) => (
            <button
              key={p.id}
              type="button"
              role="radio"
              aria-checked={p.id === pkgId}
              data-package-id={p.id}
              className={p.id === pkgId ? 'us-recharge__pkg us-recharge__pkg--on' : 'us-recharge__pkg'}
              onClick={() => setPicked(p.id)}
            >
              <strong>
                {p.coins}
                <small>{T.recharge.coin}</small>
              </strong>
              <span>¥{yuan(p.priceFen)}</span>
              {p.bonus > 0 && <em>{T.recharge.bonus(p.bonus)}</em>}
            </button>
          ))}
        </div>
      </section>
      <section className="us-card">
        <h2 className="us-card__title">{T.recharge.method}</h2>
        {data && data.providers.length === 0 && <p className="us-muted">{T.recharge.noProvider}</p>}
        {(data?.providers ?? []).map((p) => (
          <label key={p.id} className="us-recharge__provider">
            <input
              type="radio"
              name="provider"
              value={p.id}
              checked={p.id === providerId}
              onChange={() => setProvider(p.id)}
            />
            {p.name}
          </label>
        ))}
        <button
          type="button"
          className="us-btn us-btn--block"
          disabled={!pkg || !providerId || busy}
          onClick={() => void pay()}
        >
          {busy ? T.recharge.paying : pkg ? T.recharge.pay(yuan(pkg.priceFen)) : T.recharge.title}
        </button>
      </section>
      {(orders.data?.length ?? 0) > 0 && (
        <section className="us-card">
          <h2 className="us-card__title">{T.recharge.orders}</h2>
          <ul className="us-recharge__orders">
            {orders.data!.map((o) => (
              <li key={o.id} data-order-id={o.id} data-state={o.state}>
                <span>
                  {o.coins} {T.recharge.coin} · ¥{yuan(o.priceFen)}
                </span>
                <small>{formatChinaTime(o.createdAt, 'MM-DD HH:mm')}</small>
                <b className={`us-recharge__state us-recharge__state--${o.state}`}>{T.recharge.states[o.state]}</b>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
