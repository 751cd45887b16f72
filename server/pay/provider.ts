/**
 * The payment provider interface. A provider starts a payment for an order (where the user goes
 * to pay) and returns money for a refund. Whether an order was paid is never taken from the
 * client: a provider that pays later says so through its own signed notification, checked by
 * the provider's module before the order service credits anything.
 */
import type { PayProviderId } from '../../workers/protocol/index';

export interface OrderForProvider {
  id: string;
  priceFen: number;
  coins: number;
  subject: string;
  tradeNo: string | null;
  expiresAt: number;
}

export interface PaymentStart {
  /** Where the user pays; null when the provider settles at once. */
  payUrl: string | null;
  /** The provider settled the order already (its trade number). */
  settledTradeNo: string | null;
}

export interface PaymentProvider {
  id: PayProviderId;
  /** Shown on the recharge page. */
  name: string;
  start(order: OrderForProvider, now: number): Promise<PaymentStart>;
  /** Returns the order's whole amount to the payer; throws (BizError) when the provider refuses. */
  refund(order: OrderForProvider, now: number): Promise<void>;
}

/** A notification whose signature and origin were verified. */
export interface VerifiedNotification {
  notifyId: string;
  orderId: string;
  tradeNo: string;
  totalFen: number;
  /** True when the notification says the trade is paid (success or finished). */
  paid: boolean;
}

/** '6.00' → 600; null for anything that is not a plain amount with at most 2 decimals. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function fenToYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}
