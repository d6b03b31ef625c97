import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { findTrade, openTrade, payTrade, type SandboxTrade } from './sandbox-trades.repository.ts';
import {
  ensureWechatSandboxKeys,
  WECHAT_SANDBOX_APPID,
  WECHAT_SANDBOX_MCHID,
  type WechatSandboxKeys,
} from './wechat-keys.ts';
import {
  authorizationRefusal,
  platformHeaders,
  sealResource,
  wechatTime,
} from './wechat-platform.ts';

/*
 * The sandbox's WeChat Pay (decision 049): it plays API v3's Native pay with keys of its own, so
 * Melon's adapter runs exactly as against WeChat. It refuses a request whose Authorization does
 * not verify with the merchant's key (401 SIGN_ERROR, unsigned), signs every other answer with
 * the platform key, and for a paid trade makes the TRANSACTION.SUCCESS notify: the transaction
 * sealed with the APIv3 key, the body signed with the platform key.
 *
 * The steps are exposed for tests (the hooks): `pay` marks a trade paid; `notify` makes the
 * notify it would send, which a test may deliver once, three times at once, never (a dropped
 * notify: the query finds it), stale, forged, tampered or saying something else.
 */

export const WECHAT_SANDBOX_BASE = '/pay-sandbox/wechat';
export const WECHAT_SCAN_PATH = `${WECHAT_SANDBOX_BASE}/scan`;
const PROVIDER = 'wechat';
const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;

export interface SandboxAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a spoilt notify changes. */
export interface WechatNotifyForgery {
  /** Transaction fields changed before sealing and signing (a true signature over a lie). */
  transaction?: Record<string, unknown>;
  /** Another private key than the platform's. */
  key?: string;
  /** Another serial than the platform key's. */
  serial?: string;
  /** When it claims to be signed (a stale one is a replay from outside the window). */
  signedAt?: number;
  /** A ciphertext byte flipped after sealing (the GCM tag no longer matches). */
  tamper?: boolean;
}

export interface WechatNotify {
  headers: Record<string, string>;
  body: string;
}

export interface WechatSandbox {
  keys: WechatSandboxKeys;
  /** POST /v3/pay/transactions/native; `url` as the merchant signed it (path from /v3). */
  nativePay(request: SignedRequest, now: number): Promise<SandboxAnswer>;
  /** GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=… */
  query(request: SignedRequest, outTradeNo: string, now: number): Promise<SandboxAnswer>;
  find(outTradeNo: string): Promise<SandboxTrade | undefined>;
  /** The buyer pays: the paid trade, or undefined when it was not waiting or has closed. */
  pay(outTradeNo: string, now: number): Promise<SandboxTrade | undefined>;
  /** The notify of a paid trade, as WeChat posts it, optionally spoilt. */
  notify(trade: SandboxTrade, now: number, forgery?: WechatNotifyForgery): WechatNotify;
  /** Posts a notify to the trade's notify_url: Melon's answer. */
  deliver(trade: SandboxTrade, notify: WechatNotify): Promise<{ status: number; body: string }>;
  /** The scan page's form token of a trade, so only its code_url confirms it. */
  isConfirmToken(outTradeNo: string, token: string): boolean;
}

export interface SignedRequest {
  authorization: string | undefined;
  url: string;
  body: string;
}

const digits = (count: number) => String(randomInt(10 ** count)).padStart(count, '0');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function createWechatSandbox(db: Kysely<Database>): Promise<WechatSandbox> {
  const keys = await ensureWechatSandboxKeys(db);
  const merchant = {
    mchid: WECHAT_SANDBOX_MCHID,
    serial: keys.merchantSerial,
    publicKey: keys.merchantPublicKey,
  };
  const platform = { serial: keys.platformSerial, privateKey: keys.platformPrivateKey };
  const tokenOf = (outTradeNo: string) =>
    createHmac('sha256', keys.platformPrivateKey).update(`scan:${outTradeNo}`).digest('base64url');

  const answer = (status: number, value: unknown, now: number): SandboxAnswer => {
    const body = JSON.stringify(value);
    return {
      status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...platformHeaders(platform, body, now),
      },
      body,
    };
  };
  const refuse = (status: number, code: string, message: string, now: number) =>
    answer(status, { code, message }, now);

  /** The refusal of a request whose signature does not verify: 401, unsigned, as WeChat. */
  function unauthorized(request: SignedRequest, method: string, now: number): SandboxAnswer | null {
    const why = authorizationRefusal(merchant, { ...request, method }, now);
    if (why === null) return null;
    return {
      status: 401,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ code: 'SIGN_ERROR', message: why }),
    };
  }

  /** The scan page's address: on the site the notify goes to, where the sandbox is mounted. */
  const codeUrl = (trade: SandboxTrade) => {
    const url = new URL(WECHAT_SCAN_PATH, trade.notify_url);
    url.searchParams.set('out_trade_no', trade.out_trade_no);
    url.searchParams.set('token', tokenOf(trade.out_trade_no));
    return url.toString();
  };

  function transaction(trade: SandboxTrade, now: number): Record<string, unknown> {
    const paid = trade.state === 'paid';
    const state = paid
      ? 'SUCCESS'
      : trade.state === 'closed' || trade.expires_at <= now
        ? 'CLOSED'
        : 'NOTPAY';
    return {
      appid: WECHAT_SANDBOX_APPID,
      mchid: WECHAT_SANDBOX_MCHID,
      out_trade_no: trade.out_trade_no,
      trade_state: state,
      trade_state_desc: { SUCCESS: '支付成功', CLOSED: '订单已关闭', NOTPAY: '订单未支付' }[state],
      ...(paid
        ? {
            transaction_id: trade.trade_no,
            trade_type: 'NATIVE',
            bank_type: 'OTHERS',
            attach: '',
            success_time: wechatTime(trade.paid_at ?? now),
            payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
            amount: {
              total: trade.amount_fen,
              payer_total: trade.amount_fen,
              currency: 'CNY',
              payer_currency: 'CNY',
            },
          }
        : { amount: { total: trade.amount_fen, currency: 'CNY', payer_currency: 'CNY' } }),
    };
  }

  return {
    keys,

    async nativePay(request, now) {
      const refused = unauthorized(request, 'POST', now);
      if (refused) return refused;
      const input = readNativeRequest(request.body);
      if (typeof input === 'string') return refuse(400, 'PARAM_ERROR', input, now);
      const trade = await openTrade(db, {
        provider: PROVIDER,
        out_trade_no: input.outTradeNo,
        trade_no: `4200${wechatTime(now).replace(/\D/g, '').slice(0, 8)}${digits(8)}${digits(8)}`,
        subject: input.description,
        amount_fen: input.totalFen,
        notify_url: input.notifyUrl,
        return_url: '',
        state: 'waiting',
        expires_at: input.expiresAt ?? now + 2 * 3600_000,
        paid_at: null,
        created_at: now,
      });
      if (trade.state === 'paid') return refuse(403, 'ORDERPAID', '该订单已支付', now);
      if (trade.amount_fen !== input.totalFen || trade.notify_url !== input.notifyUrl) {
        return refuse(400, 'INVALID_REQUEST', '201 商户订单号重复', now);
      }
      return answer(200, { code_url: codeUrl(trade) }, now);
    },

    async query(request, outTradeNo, now) {
      const refused = unauthorized(request, 'GET', now);
      if (refused) return refused;
      const mchid = new URL(request.url, 'http://sandbox.invalid').searchParams.get('mchid');
      if (mchid !== WECHAT_SANDBOX_MCHID)
        return refuse(400, 'PARAM_ERROR', 'mchid与appid不匹配', now);
      const trade = await findTrade(db, PROVIDER, outTradeNo);
      if (!trade) return refuse(404, 'ORDER_NOT_EXIST', '订单不存在', now);
      return answer(200, transaction(trade, now), now);
    },

    find: (outTradeNo) => findTrade(db, PROVIDER, outTradeNo),

    pay: (outTradeNo, now) => payTrade(db, PROVIDER, outTradeNo, now),

    notify(trade, now, forgery = {}) {
      const resource = sealResource(
        JSON.stringify({ ...transaction(trade, now), ...forgery.transaction }),
        'transaction',
        keys.apiV3Key,
      );
      if (forgery.tamper) {
        const sealed = Buffer.from(resource.ciphertext, 'base64');
        sealed[0] = (sealed[0] ?? 0) ^ 0x01;
        resource.ciphertext = sealed.toString('base64');
      }
      const body = JSON.stringify({
        id: `EV-${trade.trade_no}`,
        create_time: wechatTime(now),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource,
      });
      const signer = {
        serial: forgery.serial ?? platform.serial,
        privateKey: forgery.key ?? platform.privateKey,
      };
      return {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Mozilla/4.0',
          ...platformHeaders(signer, body, forgery.signedAt ?? now),
        },
        body,
      };
    },

    async deliver(trade, notify) {
      const response = await fetch(trade.notify_url, {
        method: 'POST',
        headers: notify.headers,
        body: notify.body,
        signal: AbortSignal.timeout(5000),
      });
      return { status: response.status, body: await response.text() };
    },

    isConfirmToken(outTradeNo, token) {
      const expected = Buffer.from(tokenOf(outTradeNo));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

interface NativeRequest {
  description: string;
  outTradeNo: string;
  notifyUrl: string;
  expiresAt: number | undefined;
  totalFen: number;
}

/** The Native pay request's fields, or what is wrong with them (WeChat's PARAM_ERROR text). */
function readNativeRequest(body: string): NativeRequest | string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return '请求体不是合法的JSON';
  }
  if (!isRecord(value)) return '请求体不是合法的JSON';
  if (value.appid !== WECHAT_SANDBOX_APPID || value.mchid !== WECHAT_SANDBOX_MCHID) {
    return 'appid和mch_id不匹配';
  }
  const { description, out_trade_no: outTradeNo, notify_url: notifyUrl } = value;
  if (
    typeof description !== 'string' ||
    description === '' ||
    Array.from(description).length > 127
  ) {
    return '输入源“/body/description”映射到字段“商品描述”规则校验失败';
  }
  if (typeof outTradeNo !== 'string' || !OUT_TRADE_NO.test(outTradeNo)) {
    return '输入源“/body/out_trade_no”映射到字段“商户订单号”规则校验失败';
  }
  if (
    typeof notifyUrl !== 'string' ||
    !/^https?:\/\//.test(notifyUrl) ||
    !URL.canParse(notifyUrl)
  ) {
    return '输入源“/body/notify_url”映射到字段“通知地址”规则校验失败';
  }
  const expiresAt =
    typeof value.time_expire === 'string' ? Date.parse(value.time_expire) : undefined;
  if (expiresAt !== undefined && !Number.isFinite(expiresAt)) {
    return '输入源“/body/time_expire”映射到字段“交易结束时间”规则校验失败';
  }
  const amount = isRecord(value.amount) ? value.amount : {};
  if (typeof amount.total !== 'number' || !Number.isSafeInteger(amount.total) || amount.total < 1) {
    return '输入源“/body/amount/total”映射到字段“总金额”规则校验失败';
  }
  if ((amount.currency ?? 'CNY') !== 'CNY') {
    return '输入源“/body/amount/currency”映射到字段“货币类型”规则校验失败';
  }
  return { description, outTradeNo, notifyUrl, expiresAt, totalFen: amount.total };
}
