import { createHmac, createSign, createVerify, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { beijingTime, fenOf, parseBeijingTime, yuanOf } from '../../lib/alipay-format.ts';
import { ensureSandboxKeys, type SandboxKeys } from './sandbox-keys.ts';
import { findTrade, openTrade, payTrade, type SandboxTrade } from './sandbox-trades.repository.ts';

/*
 * The sandbox's Alipay (decision 048): it plays Alipay's open-platform gateway with keys of its
 * own, so Melon's adapter runs exactly as against Alipay. It checks the merchant's RSA2
 * signature on alipay.trade.page.pay and alipay.trade.query (all parameters but sign, sorted);
 * signs its notifies over the sorted parameters but sign and sign_type, and its query answers
 * over the JSON of the answer, with its "Alipay" private key.
 *
 * The steps are exposed for tests (the hooks): `pay` marks a trade paid and answers the notify
 * it would send, which a test may send once, three times at once, late, never (a dropped
 * notify), or forged (`notifyBody` with changed fields or another key).
 */

export const ALIPAY_SANDBOX_APP_ID = '9021000000000001';
export const ALIPAY_SANDBOX_GATEWAY_PATH = '/pay-sandbox/alipay/gateway.do';
const PROVIDER = 'alipay';
const SELLER_ID = '2088000000000001';
const BUYER_ID = '2088000000000002';

/** Alipay's content to sign: `k=v` of the non-empty parameters, sorted, joined with `&`. */
export function signContent(
  params: Readonly<Record<string, string>>,
  without: readonly string[],
): string {
  return Object.keys(params)
    .filter((key) => !without.includes(key) && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key] ?? ''}`)
    .join('&');
}

const rsa2Sign = (content: string, privateKey: string): string =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');

const rsa2Verify = (content: string, signature: string, publicKey: string): boolean =>
  createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');

/** What a forged notify changes: fields after signing, or the key it is signed with. */
export interface NotifyForgery {
  /** Fields set before signing (a correctly signed notify saying something else). */
  signed?: Record<string, string>;
  /** Fields set after signing (the signature no longer matches). */
  tampered?: Record<string, string>;
  /** Another private key (not the sandbox Alipay's). */
  key?: string;
}

export interface AlipaySandbox {
  keys: SandboxKeys;
  /**
   * The merchant's request, if its app id and RSA2 signature are right (all parameters but
   * sign, sorted, verified with the merchant's public key); else why not.
   */
  checkRequest(params: Readonly<Record<string, string>>): { ok: true } | { ok: false; why: string };
  /** Opens (or finds) the trade of a verified alipay.trade.page.pay request; undefined when it misses a field. */
  openPageTrade(
    params: Readonly<Record<string, string>>,
    now: number,
  ): Promise<SandboxTrade | undefined>;
  find(outTradeNo: string): Promise<SandboxTrade | undefined>;
  /** The buyer pays: the paid trade, or undefined when it was not waiting or has closed. */
  pay(outTradeNo: string, now: number): Promise<SandboxTrade | undefined>;
  /** The notify of a paid trade, as Alipay posts it (form body), optionally forged. */
  notifyBody(trade: SandboxTrade, now: number, forgery?: NotifyForgery): string;
  /** Posts a notify to the trade's notify_url; Melon's answer ('success', 'failure', …). */
  deliver(trade: SandboxTrade, body: string): Promise<string>;
  /** The signed answer of alipay.trade.query for a verified request. */
  queryAnswer(bizContent: string, now: number): Promise<string>;
  /** Where the browser returns after paying: return_url with Alipay's signed return fields. */
  returnUrl(trade: SandboxTrade, now: number): string;
  /** The cashier's form token of a trade, so only the cashier page confirms it. */
  confirmToken(outTradeNo: string): string;
  isConfirmToken(outTradeNo: string, token: string): boolean;
}

function bizContentOf(text: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function createAlipaySandbox(db: Kysely<Database>): Promise<AlipaySandbox> {
  const keys = await ensureSandboxKeys(db, PROVIDER);
  const tokenOf = (outTradeNo: string) =>
    createHmac('sha256', keys.providerPrivateKey)
      .update(`confirm:${outTradeNo}`)
      .digest('base64url');

  const tradeFields = (trade: SandboxTrade) => ({
    out_trade_no: trade.out_trade_no,
    trade_no: trade.trade_no,
    total_amount: yuanOf(trade.amount_fen),
  });

  return {
    keys,

    checkRequest(params) {
      if (params.app_id !== ALIPAY_SANDBOX_APP_ID) return { ok: false, why: 'isv.invalid-app-id' };
      if (params.sign_type !== 'RSA2') return { ok: false, why: 'isv.invalid-signature-type' };
      const content = signContent(params, ['sign']);
      const valid = rsa2Verify(content, params.sign ?? '', keys.merchantPublicKey);
      return valid ? { ok: true } : { ok: false, why: 'isv.invalid-signature' };
    },

    async openPageTrade(params, now) {
      const biz = bizContentOf(params.biz_content);
      const amountFen = fenOf(textOf(biz.total_amount));
      const outTradeNo = textOf(biz.out_trade_no);
      if (!outTradeNo || amountFen === null || !params.notify_url || !params.return_url) {
        return undefined;
      }
      return openTrade(db, {
        provider: PROVIDER,
        out_trade_no: outTradeNo,
        trade_no: `${beijingTime(now).replace(/\D/g, '').slice(0, 8)}22${randomBytes(9).readBigUInt64BE().toString().slice(0, 18)}`,
        subject: textOf(biz.subject),
        amount_fen: amountFen,
        notify_url: params.notify_url,
        return_url: params.return_url,
        state: 'waiting',
        expires_at: parseBeijingTime(textOf(biz.time_expire)) ?? now + 15 * 60_000,
        paid_at: null,
        created_at: now,
      });
    },

    find: (outTradeNo) => findTrade(db, PROVIDER, outTradeNo),

    pay: (outTradeNo, now) => payTrade(db, PROVIDER, outTradeNo, now),

    notifyBody(trade, now, forgery = {}) {
      const paidAt = beijingTime(trade.paid_at ?? now);
      const amount = yuanOf(trade.amount_fen);
      const fields: Record<string, string> = {
        gmt_create: beijingTime(trade.created_at),
        charset: 'utf-8',
        gmt_payment: paidAt,
        notify_time: beijingTime(now),
        subject: trade.subject,
        buyer_id: BUYER_ID,
        invoice_amount: amount,
        version: '1.0',
        notify_id: randomBytes(16).toString('hex'),
        fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
        notify_type: 'trade_status_sync',
        trade_status: 'TRADE_SUCCESS',
        receipt_amount: amount,
        buyer_pay_amount: amount,
        app_id: ALIPAY_SANDBOX_APP_ID,
        auth_app_id: ALIPAY_SANDBOX_APP_ID,
        point_amount: '0.00',
        seller_id: SELLER_ID,
        ...tradeFields(trade),
        ...forgery.signed,
      };
      fields.sign_type = 'RSA2';
      fields.sign = rsa2Sign(
        signContent(fields, ['sign', 'sign_type']),
        forgery.key ?? keys.providerPrivateKey,
      );
      return new URLSearchParams({ ...fields, ...forgery.tampered }).toString();
    },

    async deliver(trade, body) {
      const response = await fetch(trade.notify_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body,
        signal: AbortSignal.timeout(5000),
      });
      return response.text();
    },

    async queryAnswer(bizContent, now) {
      const outTradeNo = textOf(bizContentOf(bizContent).out_trade_no);
      const trade = outTradeNo ? await findTrade(db, PROVIDER, outTradeNo) : undefined;
      const state = (t: SandboxTrade) => {
        if (t.state === 'paid') return 'TRADE_SUCCESS';
        return t.state === 'closed' || t.expires_at <= now ? 'TRADE_CLOSED' : 'WAIT_BUYER_PAY';
      };
      const body = trade
        ? {
            code: '10000',
            msg: 'Success',
            ...tradeFields(trade),
            trade_status: state(trade),
            buyer_logon_id: 'san***@sandbox.com',
            buyer_user_id: BUYER_ID,
            ...(trade.paid_at === null ? {} : { send_pay_date: beijingTime(trade.paid_at) }),
          }
        : {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.TRADE_NOT_EXIST',
            sub_msg: '交易不存在',
            out_trade_no: outTradeNo,
          };
      const json = JSON.stringify(body);
      const sign = rsa2Sign(json, keys.providerPrivateKey);
      return `{"alipay_trade_query_response":${json},"sign":${JSON.stringify(sign)}}`;
    },

    returnUrl(trade, now) {
      const fields: Record<string, string> = {
        charset: 'utf-8',
        method: 'alipay.trade.page.pay.return',
        ...tradeFields(trade),
        auth_app_id: ALIPAY_SANDBOX_APP_ID,
        version: '1.0',
        app_id: ALIPAY_SANDBOX_APP_ID,
        seller_id: SELLER_ID,
        timestamp: beijingTime(now),
      };
      fields.sign = rsa2Sign(signContent(fields, ['sign', 'sign_type']), keys.providerPrivateKey);
      fields.sign_type = 'RSA2';
      const url = new URL(trade.return_url);
      for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
      return url.toString();
    },

    confirmToken: tokenOf,

    isConfirmToken(outTradeNo, token) {
      const expected = Buffer.from(tokenOf(outTradeNo));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
