/** Gift sheet: gifts or bag, a count, the balance, send. Props only (the page sends). */
import { useState } from 'react';
import { Link } from 'wouter';
import type { VliveBagItem, VliveGift } from '../../../workers/protocol/index';
import { RECHARGE_PAGE, type InsufficientBalance } from '../../../workers/protocol/api/pay';
import { VLIVE_TEXT } from './strings';
import { CoinShortNote } from './CoinShortNote';

export const GIFT_COUNTS = [1, 10, 66, 188] as const;

export interface GiftPanelProps {
  gifts: VliveGift[];
  bag: VliveBagItem[];
  balance: number | null;
  sending: boolean;
  onSend: (giftId: number, count: number, fromBag: boolean) => void;
  onClose: () => void;
  /** The last send was refused for too little balance: say so and link to the recharge page. */
  short?: InsufficientBalance | null;
}

export function GiftPanel({ gifts, bag, balance, sending, onSend, onClose, short = null }: GiftPanelProps) {
  const [tab, setTab] = useState<'gifts' | 'bag'>('gifts');
  const [picked, setPicked] = useState<number | null>(gifts[0]?.id ?? null);
  const [count, setCount] = useState(1);
  const items =
    tab === 'gifts'
      ? gifts.map((g) => ({ id: g.id, name: g.name, icon: g.icon, sub: `${g.price}${VLIVE_TEXT.coin}` }))
      : bag.map((b) => ({ id: b.giftId, name: b.name, icon: b.icon, sub: `×${b.count}` }));
  const pickedId = items.some((i) => i.id === picked) ? picked : (items[0]?.id ?? null);
  return (
    <div className="vl-sheet" role="dialog" aria-label={VLIVE_TEXT.gifts}>
      <button type="button" className="vl-sheet-mask" aria-label="关闭" onClick={onClose} />
      <div className="vl-sheet-body">
        <div className="vl-sheet-tabs">
          <button type="button" className={tab === 'gifts' ? 'on' : ''} onClick={() => setTab('gifts')}>
            {VLIVE_TEXT.gifts}
          </button>
          <button type="button" className={tab === 'bag' ? 'on' : ''} onClick={() => setTab('bag')}>
            {VLIVE_TEXT.bag}
          </button>
          <span className="vl-balance" data-balance={balance ?? ''}>
            {VLIVE_TEXT.balance}：{balance ?? '-'} {VLIVE_TEXT.coin}
          </span>
          <Link href={RECHARGE_PAGE} className="vl-recharge">
            {VLIVE_TEXT.recharge}
          </Link>
        </div>
        <CoinShortNote short={short} />
        {items.length === 0 ? (
          <p className="vl-empty">{VLIVE_TEXT.bagEmpty}</p>
        ) : (
          <div className="vl-gift-grid">
            {items.map((g) => (
              <button
                key={g.id}
                type="button"
                className={g.id === pickedId ? 'vl-gift vl-gift--on' : 'vl-gift'}
                data-gift-id={g.id}
                onClick={() => setPicked(g.id)}
              >
                <img src={g.icon} alt="" />
                <span>{g.name}</span>
                <small>{g.sub}</small>
              </button>
            ))}
          </div>
        )}
        <div className="vl-sheet-foot">
          <div className="vl-counts">
            {GIFT_COUNTS.map((c) => (
              <button key={c} type="button" className={c === count ? 'on' : ''} onClick={() => setCount(c)}>
                ×{c}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="vl-btn vl-btn--gold"
            disabled={sending || pickedId === null}
            onClick={() => pickedId !== null && onSend(pickedId, count, tab === 'bag')}
          >
            {sending ? VLIVE_TEXT.sending : VLIVE_TEXT.send}
          </button>
        </div>
      </div>
    </div>
  );
}
