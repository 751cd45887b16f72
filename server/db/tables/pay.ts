/** Coin recharge (issue 17). The ledger itself is `vlive_balance_log` (append-only). */
export interface PayTables {
  pay_orders: {
    id: string;
    user_id: number;
    package_id: number;
    coins: number;
    price_fen: number;
    provider: 'alipay' | 'dev';
    state: 'created' | 'paid' | 'credited' | 'refunded' | 'expired';
    idem_key: string;
    /** The provider's own trade number, once paid. */
    trade_no: string | null;
    created_at: number;
    expires_at: number;
    paid_at: number | null;
    credited_at: number | null;
    refunded_at: number | null;
  };
  /** Every notification a provider sent, with what was made of it (kept for disputes). */
  pay_notifications: {
    id: import('kysely').Generated<number>;
    provider: string;
    notify_id: string;
    order_id: string;
    outcome: string;
    at: number;
  };
}
