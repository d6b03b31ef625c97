import type { KeyObject } from 'node:crypto';
import type {
  NotifyAnswer,
  PaymentProvider,
  ProviderOrder,
  ProviderPayment,
  RawNotify,
} from '../payment-provider.ts';
import { decryptResource, type WechatResource } from './wechat-resource.ts';
import {
  authorizationHeader,
  header,
  verifySignedHeaders,
  WechatSignatureError,
  type WechatMerchantKey,
} from './wechat-sign.ts';
import {
  isRecord,
  readTransaction,
  rfc3339Beijing,
  WechatTransactionError,
} from './wechat-transaction.ts';

/*
 * WeChat Pay API v3, Native pay (decision 049), on node:crypto: every request signed with the
 * merchant's key in the Authorization header, every answer and notify verified with the
 * platform key whose serial it names, the notify's resource decrypted with the APIv3 key.
 */

export interface WechatPayConfig {
  /**
   * `https://api.mch.weixin.qq.com`, or the sandbox gateway's base on this process's own
   * address in development and tests (known once the process listens, hence a function).
   */
  apiBase: () => string;
  appid: string;
  merchant: WechatMerchantKey;
  /** The platform's public keys by serial (WeChat's public key ID or certificate serial). */
  platformKeys: ReadonlyMap<string, KeyObject>;
  /** The 32-byte APIv3 key. */
  apiV3Key: Buffer;
  fetch?: typeof fetch;
  now?: () => number;
}

/** WeChat refused a request, or its answer did not check out. */
export class WechatPayError extends Error {
  /** The HTTP status WeChat answered. */
  readonly status: number;
  /** WeChat's error code (PARAM_ERROR, SIGN_ERROR, ORDER_NOT_EXIST…), '' when it gave none. */
  readonly code: string;

  constructor(message: string, status: number, code: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** How long Melon waits for WeChat's answer to a request. */
const REQUEST_TIMEOUT_MS = 10_000;

/** description is at most 127 characters. */
const DESCRIPTION_MAX = 127;

export function createWechatPayProvider(config: WechatPayConfig): PaymentProvider {
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? Date.now;
  const merchant = { mchid: config.merchant.mchid, appid: config.appid };

  /** A signed request; the answer's signature is verified before it is read. */
  async function request(
    method: 'GET' | 'POST',
    url: string,
    body: string,
  ): Promise<{ status: number; text: string }> {
    const response = await doFetch(`${config.apiBase()}${url}`, {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: authorizationHeader(config.merchant, { method, url, body, nowMs: now() }),
        ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    // WeChat signs the answer to every request whose own signature verified: an answer that
    // carries a signature is verified whatever its status, and a success without one is
    // refused as forged; an unsigned refusal (401 to a bad request signature, 5xx) is only
    // read for its code.
    const headers = Object.fromEntries(response.headers);
    const signed = header(headers, 'wechatpay-signature') !== undefined;
    if (signed || (response.status >= 200 && response.status < 300)) {
      try {
        verifySignedHeaders(headers, text, config.platformKeys, now());
      } catch (error) {
        const reason = error instanceof WechatSignatureError ? error.message : String(error);
        throw new WechatPayError(`WeChat Pay's answer refused: ${reason}`, response.status, '');
      }
    }
    return { status: response.status, text };
  }

  function refusal(status: number, text: string): WechatPayError {
    const answer = parseJson(text);
    const code = isRecord(answer) && typeof answer.code === 'string' ? answer.code : '';
    const message = isRecord(answer) && typeof answer.message === 'string' ? answer.message : '';
    return new WechatPayError(`WeChat Pay refused: ${code} ${message}`, status, code);
  }

  return {
    name: 'wechat',

    async createPayment(order: ProviderOrder): Promise<{ payUrl: string }> {
      const body = JSON.stringify({
        appid: config.appid,
        mchid: config.merchant.mchid,
        description: Array.from(order.subject).slice(0, DESCRIPTION_MAX).join(''),
        out_trade_no: order.outTradeNo,
        time_expire: rfc3339Beijing(order.expiresAt),
        notify_url: order.notifyUrl,
        amount: { total: order.amountFen, currency: order.currency },
      });
      const { status, text } = await request('POST', '/v3/pay/transactions/native', body);
      if (status !== 200) throw refusal(status, text);
      const answer = parseJson(text);
      if (!isRecord(answer) || typeof answer.code_url !== 'string') {
        throw new WechatPayError('WeChat Pay answered no code_url', status, '');
      }
      // Native pay has no cashier page of WeChat's: the buyer's browser goes back to Melon's
      // return page, which shows code_url as a QR code and polls the order (decision 049).
      const payUrl = new URL(order.returnUrl);
      payUrl.searchParams.set('code_url', answer.code_url);
      return { payUrl: payUrl.toString() };
    },

    verifyNotify(notify: RawNotify): Promise<ProviderPayment> {
      return Promise.resolve().then(() => {
        const body = notify.rawBody.toString('utf8');
        verifySignedHeaders(notify.headers, body, config.platformKeys, now());
        const event = parseJson(body);
        if (!isRecord(event) || !isResource(event.resource)) {
          throw new WechatTransactionError('notify without a resource');
        }
        return readTransaction(decryptResource(event.resource, config.apiV3Key), merchant);
      });
    },

    notifyAnswer(accepted: boolean): NotifyAnswer {
      // Accepted: 204 and no body. Not accepted: a 4xx and code FAIL, so WeChat sends it
      // again later (its retries run for about a day); 4xx rather than 5xx, since the site
      // itself did not fail.
      return accepted
        ? { status: 204, contentType: 'application/json', body: '' }
        : {
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
          };
    },

    async queryPayment(outTradeNo: string): Promise<ProviderPayment | null> {
      const url =
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}` +
        `?mchid=${encodeURIComponent(config.merchant.mchid)}`;
      const { status, text } = await request('GET', url, '');
      if (status === 404) {
        const refused = refusal(status, text);
        if (refused.code === 'ORDER_NOT_EXIST') return null;
        throw refused;
      }
      if (status !== 200) throw refusal(status, text);
      const payment = readTransaction(text, merchant);
      if (payment.outTradeNo !== outTradeNo) {
        throw new WechatTransactionError('query answered another order');
      }
      return payment;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isResource(value: unknown): value is WechatResource {
  return (
    isRecord(value) &&
    typeof value.algorithm === 'string' &&
    typeof value.ciphertext === 'string' &&
    typeof value.nonce === 'string' &&
    (value.associated_data === undefined || typeof value.associated_data === 'string')
  );
}
