import type { ProviderPayment } from '../payment-provider.ts';

/*
 * The transaction object of WeChat Pay v3 (decision 049): what a notify's resource decrypts to
 * and what the query by out_trade_no answers. Only the fields Melon reads are checked.
 */

/** The transaction is not what Melon asked about (another merchant, app or order) or malformed. */
export class WechatTransactionError extends Error {}

/** What trade_state means to the core. */
const STATES: Readonly<Record<string, ProviderPayment['state']>> = {
  SUCCESS: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
  REFUND: 'refunded',
};

/**
 * Reads a transaction for the merchant (`mchid`, `appid`), refusing one of another merchant or
 * app. A paid one must carry its transaction_id, amount.total, amount.currency and
 * success_time; the others carry what WeChat gives (a NOTPAY one has no transaction_id yet).
 */
export function readTransaction(
  text: string,
  merchant: { mchid: string; appid: string },
): ProviderPayment {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new WechatTransactionError('transaction is not JSON');
  }
  if (!isRecord(value)) throw new WechatTransactionError('transaction is not an object');
  if (value.mchid !== merchant.mchid) throw new WechatTransactionError('another merchant');
  if (value.appid !== merchant.appid) throw new WechatTransactionError('another app');
  const outTradeNo = value.out_trade_no;
  const tradeState = value.trade_state;
  if (typeof outTradeNo !== 'string' || typeof tradeState !== 'string') {
    throw new WechatTransactionError('out_trade_no or trade_state missing');
  }
  const state = STATES[tradeState];
  if (!state) throw new WechatTransactionError(`unknown trade_state ${tradeState}`);
  const amount = isRecord(value.amount) ? value.amount : {};
  const total = amount.total;
  const currency = amount.currency;
  const transactionId = value.transaction_id;
  const successTime = typeof value.success_time === 'string' ? Date.parse(value.success_time) : NaN;
  if (state === 'paid') {
    const complete =
      typeof transactionId === 'string' &&
      Number.isSafeInteger(total) &&
      typeof currency === 'string' &&
      Number.isFinite(successTime);
    if (!complete) throw new WechatTransactionError('paid transaction without its particulars');
  }
  return {
    outTradeNo,
    providerTradeNo: typeof transactionId === 'string' ? transactionId : '',
    state,
    amountFen: Number.isSafeInteger(total) ? (total as number) : 0,
    // A paid one carries its currency (checked above); for the others WeChat may leave it
    // out, and its documented default is CNY (a mainland merchant takes nothing else).
    currency: typeof currency === 'string' ? currency : 'CNY',
    paidAt: state === 'paid' ? successTime : null,
  };
}

/** An instant as v3 writes times: RFC 3339 in Beijing time, `2026-11-26T13:05:00+08:00`. */
export function rfc3339Beijing(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
