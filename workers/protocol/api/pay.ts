/**
 * Coins (球币) recharge: main API `/pay` (spec §7). A package is bought through an order whose
 * state moves created → paid → credited (→ refunded), or created → expired. Payment providers
 * confirm through their own signed asynchronous notification (`notify`), never through the
 * client. Operator paths (/ops/pay/…) exist only when OPS_TOKEN is set.
 */
export const PayPaths = {
  /** GET → PayPackagesInfo (packages, the providers this server offers, my balance). */
  packages: '/pay/packages',
  /** POST packageId, provider, idemKey → PayOrder (same idemKey: the same order). */
  order: '/pay/order',
  /** GET → PayOrder (mine only). */
  orderDetail: '/pay/order/:id',
  /** GET → PayOrder[] (mine, newest first). */
  orders: '/pay/orders',
  /** POST, form-encoded, from Alipay's servers: answers the text `success` or `failure`. */
  notifyAlipay: '/pay/notify/alipay',
  /** Operator: POST JSON { orderId } → PayOrder (refunded: coins taken back, money returned). */
  opsRefund: '/ops/pay/refund',
  /** Operator: GET → LedgerAudit (every account's balance against the sum of its ledger rows). */
  opsLedgerAudit: '/ops/ledger/audit',
} as const;

/** The app page where coins are bought (the 余额不足 answers link here). */
export const RECHARGE_PAGE = '/user/recharge';

export type PayOrderState = 'created' | 'paid' | 'credited' | 'refunded' | 'expired';
export type PayProviderId = 'alipay' | 'dev';

export interface PayPackage {
  id: number;
  coins: number;
  /** Price in fen (分). */
  priceFen: number;
  /** Bonus coins already counted in `coins` (shown as 赠送). */
  bonus: number;
}

export interface PayProviderInfo {
  id: PayProviderId;
  name: string;
}

export interface PayPackagesInfo {
  packages: PayPackage[];
  providers: PayProviderInfo[];
  /** null for a visitor. */
  balance: number | null;
}

export interface PayOrder {
  id: string;
  packageId: number;
  coins: number;
  priceFen: number;
  provider: PayProviderId;
  state: PayOrderState;
  createdAt: number;
  expiresAt: number;
  /** Where the client sends the user to pay (null once paid, or for the development provider). */
  payUrl: string | null;
  /** My balance after this answer (present when the order was credited now). */
  balance: number | null;
}

/** What a 余额不足 answer carries besides its message. */
export interface InsufficientBalance {
  need: number;
  balance: number;
  recharge: string;
}

export interface LedgerAuditRow {
  userId: number;
  balance: number;
  ledgerSum: number;
  lastRunningBalance: number | null;
}

export interface LedgerAudit {
  accounts: number;
  rows: number;
  /** Accounts whose balance is not the sum of their rows (or whose running balance disagrees). */
  mismatches: LedgerAuditRow[];
  /** Ledger rows with a negative running balance (must be none). */
  negative: number;
  /** Anchors checked, and their earnings rows (one per coin gift). */
  anchors: number;
  earningsRows: number;
  /** Anchors whose earnings are not the sum of their earnings rows. */
  earningsMismatches: Array<{ anchorId: number; earnings: number; rowsSum: number }>;
  /**
   * Coin gifts whose earnings row is missing, doubled, or not the gift's coins times the share
   * recorded with it (gift send ids, at most 1000).
   */
  giftsWithoutShare: number[];
  /**
   * Signed notifications for an order already paid, under another trade number (a second payment
   * for one order): each needs an operator (refund at the provider). Newest first, at most 100.
   */
  tradeConflicts: Array<{ orderId: string; tradeNo: string; at: number }>;
}
