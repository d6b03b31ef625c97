/* Row types of the payments tables (issue 15, decision 048; migration 019). */

export interface PayOrdersTable {
  id: string;
  user_id: string;
  kind: 'vip' | 'episode';
  product_id: string | null;
  days: number | null;
  item_id: string | null;
  title: string;
  amount_fen: number;
  currency: string;
  provider: string;
  state: 'created' | 'paid' | 'granted' | 'expired' | 'refunded';
  provider_trade_no: string | null;
  /** 1: paid after the order had expired (granted all the same). */
  late: number;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  granted_at: number | null;
  refunded_at: number | null;
  updated_at: number;
}

export interface PayNotifyLogTable {
  id: string;
  provider: string;
  /** The order the notify named, as it named it; null when it named none. */
  order_id: string | null;
  outcome: string;
  detail: string;
  received_at: number;
}

export interface PaySandboxTradesTable {
  provider: string;
  out_trade_no: string;
  trade_no: string;
  subject: string;
  amount_fen: number;
  notify_url: string;
  return_url: string;
  state: 'waiting' | 'paid' | 'closed';
  expires_at: number;
  paid_at: number | null;
  created_at: number;
}

export interface PayTables {
  pay_orders: PayOrdersTable;
  pay_notify_log: PayNotifyLogTable;
  pay_sandbox_trades: PaySandboxTradesTable;
}
