/*
 * The one interface between the payments core and a payment provider (issue 15, decision 048).
 * An adapter keeps its provider's real protocol: Alipay's RSA2 over the sorted parameters,
 * answered `success`; WeChat Pay v3's signed headers, AES-256-GCM resource and 5 s answer.
 * In development and tests the adapter talks to the sandbox gateway of the same provider
 * (`modules/pay-sandbox/`), which signs with its own keys exactly as the provider does, so the
 * verification code that runs is the production one.
 */

export type PaymentProviderName = 'alipay' | 'wechat';

/** What the core asks a provider to collect. Amounts are in fen; the currency is CNY. */
export interface ProviderOrder {
  /** The merchant's order number (Melon's order id, 19 digits). */
  outTradeNo: string;
  amountFen: number;
  currency: 'CNY';
  /** What the buyer sees on the cashier (Chinese). */
  subject: string;
  /** Absolute URL the provider posts its asynchronous notify to. */
  notifyUrl: string;
  /** Absolute URL the buyer's browser returns to after paying. */
  returnUrl: string;
  /** When the order stops being payable (UTC ms). */
  expiresAt: number;
}

/** The notify as it arrived: verification reads the raw body, never a re-serialised one. */
export interface RawNotify {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  rawBody: Buffer;
}

/** A provider's word on a payment, from a verified notify or a query. */
export interface ProviderPayment {
  outTradeNo: string;
  /** The provider's own transaction number. */
  providerTradeNo: string;
  state: 'paid' | 'pending' | 'closed' | 'refunded';
  amountFen: number;
  currency: string;
  /** When the provider says it was paid (UTC ms), when paid. */
  paidAt: number | null;
}

/** What to answer the provider's notify with, in its protocol. */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts a payment; the buyer's browser goes to `payUrl` (the provider's cashier). */
  createPayment(order: ProviderOrder): Promise<{ payUrl: string }>;
  /** Verifies a notify's signature (and decrypts it where the protocol says) or throws. */
  verifyNotify(notify: RawNotify): Promise<ProviderPayment>;
  /** The answer for a notify the core accepted (`true`) or refused. */
  notifyAnswer(accepted: boolean): NotifyAnswer;
  /** Asks the provider about an order (reconciliation of a missing notify); null: unknown. */
  queryPayment(outTradeNo: string): Promise<ProviderPayment | null>;
}
