import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@melon/db/database';
import { createTestDatabase } from '@melon/db/testing';
import type { PaymentProvider, ProviderOrder, ProviderPayment } from '../pay/payment-provider.ts';
import { wechatProvider } from '../pay/wechat/wechat-factory.ts';
import { createWechatPayProvider } from '../pay/wechat/wechat-pay.provider.ts';
import { apiV3KeyBytes } from '../pay/wechat/wechat-resource.ts';
import type { PaySettings } from '../../settings.ts';
import {
  createWechatSandbox,
  WECHAT_SANDBOX_BASE,
  type WechatNotifyForgery,
  type WechatSandbox,
} from './wechat-gateway.ts';
import wechatGatewayRoutes from './wechat-gateway.routes.ts';
import {
  ensureWechatSandboxKeys,
  WECHAT_SANDBOX_APPID,
  WECHAT_SANDBOX_MCHID,
} from './wechat-keys.ts';

/*
 * Melon's WeChat Pay adapter against the sandbox gateway over real HTTP on loopback: the gateway
 * checks the adapter's signed requests, the adapter checks the gateway's signed answers and
 * notifies. The notify route here stands in for the core's: it verifies and answers, no more
 * (the core's own tests grant through it).
 */

const NOTIFY_PATH = '/api/pay/notify/wechat';

let database: { db: Kysely<Database>; close: () => Promise<void> };
let app: FastifyInstance;
let origin: string;
let sandbox: WechatSandbox;
let provider: PaymentProvider;
/** What the notify route verified, or why it refused. */
let received: Array<ProviderPayment | Error>;

const settings = (sandboxOn: boolean): PaySettings => ({
  sandbox: sandboxOn,
  alipay: undefined,
  wechat: undefined,
  reconcileIntervalMinutes: 5,
});

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  app.decorate('db', database.db);
  await app.register(formbody);
  await app.register(wechatGatewayRoutes);
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_r, body, next) => {
      next(null, body);
    });
    scope.post(NOTIFY_PATH, async (request, reply) => {
      let accepted = true;
      try {
        received.push(
          await provider.verifyNotify({
            headers: request.headers,
            rawBody: request.body as Buffer,
          }),
        );
      } catch (error) {
        received.push(error as Error);
        accepted = false;
      }
      const answer = provider.notifyAnswer(accepted);
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    });
    done();
  });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  sandbox = await createWechatSandbox(database.db);
  const made = await wechatProvider({
    db: database.db,
    settings: settings(true),
    selfOrigin: () => origin,
  });
  if (!made) throw new Error('no sandbox provider');
  provider = made;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

beforeEach(() => {
  received = [];
});

let orders = 0;
const order = (overrides: Partial<ProviderOrder> = {}): ProviderOrder => ({
  outTradeNo: `${Date.now()}${String(++orders).padStart(6, '0')}`,
  amountFen: 3000,
  currency: 'CNY',
  subject: '月度会员',
  notifyUrl: `${origin}${NOTIFY_PATH}`,
  returnUrl: `${origin}/vip-center?order_id=1`,
  expiresAt: Date.now() + 15 * 60_000,
  ...overrides,
});

/** Native pay: the code_url the return page shows, and the trade the sandbox opened. */
async function pay(input: ProviderOrder) {
  const { payUrl } = await provider.createPayment(input);
  const back = new URL(payUrl);
  expect(`${back.origin}${back.pathname}`).toBe(`${origin}/vip-center`);
  expect(back.searchParams.get('order_id')).toBe('1');
  const codeUrl = new URL(back.searchParams.get('code_url') ?? '');
  const trade = await sandbox.find(input.outTradeNo);
  if (!trade) throw new Error('no trade');
  return { codeUrl, trade };
}

/** Pays a trade at the sandbox and delivers its notify (spoilt or not) `times` times at once. */
async function payAndNotify(input: ProviderOrder, forgery?: WechatNotifyForgery, times = 1) {
  await pay(input);
  const paid = await sandbox.pay(input.outTradeNo, Date.now());
  if (!paid) throw new Error('not paid');
  return Promise.all(
    Array.from({ length: times }, () =>
      sandbox.deliver(paid, sandbox.notify(paid, Date.now(), forgery)),
    ),
  );
}

describe('the sandbox keys', () => {
  it('are made once and read alike by every caller, even at once', async () => {
    const all = await Promise.all([1, 2, 3].map(() => ensureWechatSandboxKeys(database.db)));
    for (const keys of all) expect(keys).toEqual(sandbox.keys);
    expect(sandbox.keys.apiV3Key).toHaveLength(32);
    expect(sandbox.keys.merchantSerial).toMatch(/^[0-9A-F]{40}$/);
    expect(sandbox.keys.platformSerial).toMatch(/^PUB_KEY_ID_01\d{20}$/);
  });

  it('give no provider with the sandbox off and no live keys', async () => {
    expect(
      await wechatProvider({
        db: database.db,
        settings: settings(false),
        selfOrigin: () => origin,
      }),
    ).toBeUndefined();
  });
});

describe('Native pay through the sandbox', () => {
  it('answers a code_url that opens the scan page on the site: 微信支付, the amount, 确认付款 and 取消', async () => {
    const { codeUrl } = await pay(order({ amountFen: 1990, subject: '年度会员 <限时>' }));
    expect(codeUrl.origin).toBe(origin);
    const page = await fetch(codeUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const text = await page.text();
    for (const shown of [
      '微信支付',
      '收银台',
      '¥19.90',
      '年度会员 &#60;限时&#62;',
      '确认付款',
      '取消',
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('sends the v3 request: amount in fen, time_expire in RFC 3339 (Beijing time), notify_url', async () => {
    const expiresAt = Date.UTC(2030, 0, 2, 3, 4, 5);
    const input = order({ expiresAt });
    const { trade } = await pay(input);
    expect(trade).toMatchObject({
      provider: 'wechat',
      out_trade_no: input.outTradeNo,
      amount_fen: 3000,
      subject: '月度会员',
      notify_url: input.notifyUrl,
      expires_at: expiresAt,
      state: 'waiting',
    });
  });

  it('gives the same code_url for the same order asked twice', async () => {
    const input = order();
    const first = await pay(input);
    const second = await pay(input);
    expect(second.codeUrl.toString()).toBe(first.codeUrl.toString());
  });

  it('refuses requests signed wrongly (401 SIGN_ERROR), opening no trade', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const base = configOf();
    const { merchant } = base;
    const cases = [
      [
        'a forged signature',
        { ...base, merchant: { ...merchant, privateKey: stranger } },
        '签名错误',
      ],
      [
        'a wrong serial',
        { ...base, merchant: { ...merchant, serialNo: 'ABCDEF' } },
        '商户证书序列号有误',
      ],
      ['a stale timestamp', { ...base, now: () => Date.now() - 6 * 60_000 }, '时间戳已过期'],
      [
        'another merchant',
        { ...base, merchant: { ...merchant, mchid: '1900000001' } },
        '商户号不存在',
      ],
    ] as const;
    for (const [name, config, why] of cases) {
      const input = order();
      await expect(
        createWechatPayProvider(config).createPayment(input),
        name,
      ).rejects.toMatchObject({
        status: 401,
        code: 'SIGN_ERROR',
        message: expect.stringContaining(why) as unknown,
      });
      expect(await sandbox.find(input.outTradeNo), name).toBeUndefined();
    }
  });

  it('refuses a body other than the one signed', async () => {
    const input = order();
    const tamperingFetch: typeof fetch = (url, init) =>
      fetch(url, {
        ...init,
        body:
          typeof init?.body === 'string' ? init.body.replace('"total":3000', '"total":1') : null,
      });
    const tampering = createWechatPayProvider({ ...configOf(), fetch: tamperingFetch });
    await expect(tampering.createPayment(input)).rejects.toMatchObject({
      status: 401,
      code: 'SIGN_ERROR',
    });
    expect(await sandbox.find(input.outTradeNo)).toBeUndefined();
  });

  it('refuses an answer not signed by the platform key Melon holds, or not signed at all', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const misled = createWechatPayProvider({
      ...configOf(),
      platformKeys: new Map([[sandbox.keys.platformSerial, other]]),
    });
    await expect(misled.createPayment(order())).rejects.toThrow(
      /answer refused: signature does not verify/,
    );
    const unknownSerial = createWechatPayProvider({
      ...configOf(),
      platformKeys: new Map([['PUB_KEY_ID_1', other]]),
    });
    await expect(unknownSerial.queryPayment('123456789')).rejects.toThrow(
      /unknown platform serial/,
    );
    const unsigned = createWechatPayProvider({
      ...configOf(),
      fetch: () => Promise.resolve(new Response('{"code_url":"weixin://wxpay/bizpayurl?pr=x"}')),
    });
    await expect(unsigned.createPayment(order())).rejects.toThrow(/missing Wechatpay-\* signature/);
  });

  it("passes on WeChat's refusal of malformed fields", async () => {
    await expect(provider.createPayment(order({ outTradeNo: 'bad no!' }))).rejects.toMatchObject({
      status: 400,
      code: 'PARAM_ERROR',
    });
  });
});

/** The sandbox provider's configuration, for variants. */
function configOf() {
  return {
    apiBase: () => `${origin}${WECHAT_SANDBOX_BASE}`,
    appid: WECHAT_SANDBOX_APPID,
    merchant: {
      mchid: WECHAT_SANDBOX_MCHID,
      serialNo: sandbox.keys.merchantSerial,
      privateKey: createPrivateKey(sandbox.keys.merchantPrivateKey),
    },
    platformKeys: new Map([
      [sandbox.keys.platformSerial, createPublicKey(sandbox.keys.platformPublicKey)],
    ]),
    apiV3Key: apiV3KeyBytes(sandbox.keys.apiV3Key),
  };
}

describe('the notify', () => {
  it('TRANSACTION.SUCCESS is verified and decrypted into the payment, answered 204; the query agrees', async () => {
    const input = order({ amountFen: 1500 });
    await pay(input);
    expect(await provider.queryPayment(input.outTradeNo)).toMatchObject({
      state: 'pending',
      amountFen: 1500,
      paidAt: null,
    });
    expect(await payAndNotify(input)).toEqual([{ status: 204, body: '' }]);
    expect(received).toHaveLength(1);
    const payment = received[0] as ProviderPayment;
    expect(payment).toMatchObject({
      outTradeNo: input.outTradeNo,
      state: 'paid',
      amountFen: 1500,
      currency: 'CNY',
    });
    expect(payment.providerTradeNo).toMatch(/^4200\d{24}$/);
    expect(Math.abs((payment.paidAt ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(await provider.queryPayment(input.outTradeNo)).toEqual(payment);
  });

  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  it.each([
    ['forged (another key)', { key: otherKey }, /does not verify/],
    [
      'of a wrong serial',
      { serial: 'PUB_KEY_ID_0100000000000000000000' },
      /unknown platform serial/,
    ],
    [
      'stale (signed 6 minutes ago)',
      { signedAt: Date.now() - 6 * 60_000 },
      /outside the 5-minute window/,
    ],
    ['tampered (the GCM tag fails)', { tamper: true }, /does not authenticate/],
    ['of another merchant', { transaction: { mchid: '1900000001' } }, /another merchant/],
  ] as const)(
    'refuses a notify %s, answered FAIL so WeChat sends it again',
    async (_, forgery, reason) => {
      const deliveries = await payAndNotify(order(), forgery);
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]?.status).toBe(400);
      expect(JSON.parse(deliveries[0]?.body ?? '')).toEqual({ code: 'FAIL', message: '失败' });
      expect(received).toHaveLength(1);
      expect(received[0]).toBeInstanceOf(Error);
      expect((received[0] as Error).message).toMatch(reason);
    },
  );

  it('a notify saying another amount verifies (the core compares amounts)', async () => {
    await payAndNotify(order({ amountFen: 3000 }), {
      transaction: { amount: { total: 1, currency: 'CNY' } },
    });
    expect(received[0]).toMatchObject({ state: 'paid', amountFen: 1 });
  });

  it('a notify three times at once verifies three times to one payment', async () => {
    const deliveries = await payAndNotify(order(), undefined, 3);
    expect(deliveries.map((d) => d.status)).toEqual([204, 204, 204]);
    expect(new Set((received as ProviderPayment[]).map((p) => p.providerTradeNo)).size).toBe(1);
  });

  it('a dropped notify is found by the query; an expired trade cannot be paid and is CLOSED', async () => {
    const input = order();
    await pay(input);
    await sandbox.pay(input.outTradeNo, Date.now());
    expect(received).toEqual([]);
    expect(await provider.queryPayment(input.outTradeNo)).toMatchObject({
      state: 'paid',
      amountFen: 3000,
    });
    const late = order({ expiresAt: Date.now() - 1000 });
    await pay(late);
    expect(await sandbox.pay(late.outTradeNo, Date.now())).toBeUndefined();
    expect(await provider.queryPayment(late.outTradeNo)).toMatchObject({ state: 'closed' });
    expect(await provider.queryPayment('1234567890')).toBeNull();
  });
});

describe('the scan page', () => {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  it('确认付款 pays and posts the notify; the page says 支付成功, and again shows it paid', async () => {
    const input = order();
    const { codeUrl } = await pay(input);
    const fields = Object.fromEntries(codeUrl.searchParams);
    const answer = await fetch(`${origin}${WECHAT_SANDBOX_BASE}/confirm`, form(fields));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('支付成功：¥30.00');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ outTradeNo: input.outTradeNo, state: 'paid' });
    const again = await (await fetch(codeUrl)).text();
    expect(again).toContain('该订单已支付');
    expect(again).not.toContain('确认付款');
  });

  it('取消 leaves the trade unpaid', async () => {
    const input = order();
    const { codeUrl } = await pay(input);
    const answer = await fetch(
      `${origin}${WECHAT_SANDBOX_BASE}/cancel`,
      form(Object.fromEntries(codeUrl.searchParams)),
    );
    expect(await answer.text()).toContain('已取消支付');
    expect(await provider.queryPayment(input.outTradeNo)).toMatchObject({ state: 'pending' });
  });

  it('refuses a code or form without its token, paying nothing', async () => {
    const input = order();
    const { codeUrl } = await pay(input);
    const forged = { out_trade_no: input.outTradeNo, token: 'x'.repeat(43) };
    expect((await fetch(`${origin}${WECHAT_SANDBOX_BASE}/confirm`, form(forged))).status).toBe(403);
    codeUrl.searchParams.set('token', 'nope');
    expect((await fetch(codeUrl)).status).toBe(403);
    expect(await provider.queryPayment(input.outTradeNo)).toMatchObject({ state: 'pending' });
    expect(received).toEqual([]);
  });
});
