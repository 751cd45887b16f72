/** The 余额不足 line after a refused spend: how many coins are missing, and a link to buy them. */
import { Link } from 'wouter';
import type { InsufficientBalance } from '../../../workers/protocol/api/pay';
import { VLIVE_TEXT } from './strings';

export function CoinShortNote({ short }: { short: InsufficientBalance | null }) {
  if (!short) return null;
  return (
    <p className="vl-short" role="alert">
      {VLIVE_TEXT.short(short.need - short.balance)}
      <Link href={short.recharge}>{VLIVE_TEXT.goRecharge}</Link>
    </p>
  );
}
