import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, getOrderStatus } from '@melon/shared/calls/pay.calls';
import {
  createWechatSandbox,
  type WechatNotifyForgery,
  type WechatSandbox,
} from '../../pay-sandbox/wechat-gateway.ts';
import { findMembership } from '../../membership/membership.repository.ts';
import { createUser } from '../../../testing/factories.ts';
import { freeLoopbackOrigin } from '../../../testing/listening-origin.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../testing/test-app.ts';

/*
 * WeChat Pay through the payments core (decisions 048, 049), the whole app listening on loopback
 * with the sandbox on: create_order → the adapter's signed Native pay at the sandbox gateway →
 * the buyer pays → the gateway's signed, encrypted notify at /api/pay/notify/wechat → the order
 * granted once, however the notify arrives; a dropped one reconciled by the query.
 */

const DAY_MS = 86_400_000;

let t: TestApp;
let origin: string;
let sandbox: WechatSandbox;

beforeAll(async () => {
  // The site's origin is where it listens: the sandbox posts its notifies to notify_url.
  const site = await freeLoopbackOrigin();
  origin = site.origin;
  t = await createTestApp({
    pay: { sandbox: true, alipay: undefined, reconcileIntervalMinutes: 0 },
    publicUrl: origin,
  });
  await t.app.listen({ host: '127.0.0.1', port: site.port });
  sandbox = await createWechatSandbox(t.db);
});

afterAll(async () => {
  await t.close();
});

async function call(visitor: Visitor, path: string) {
  const response = await fetch(`${origin}${path}`, { headers: visitor.headers });
  return (await response.json()) as {
    code: number;
    message: string;
    data: Record<string, unknown>;
  };
}

/** A signed-in buyer with a month's plan ordered through WeChat Pay. */
async function ordered() {
  const userId = await createUser(t.db, t.newId);
  const visitor = await t.signedIn(userId);
  const answer = await call(visitor, `${createOrder.path}?product_id=vip_month&provider=wechat`);
  expect(answer.code, answer.message).toBe(200);
  const orderId = String(answer.data.order_id);
  const payUrl = new URL(String(answer.data.pay_url));
  return { userId, visitor, orderId, payUrl };
}

/** The buyer pays at the sandbox; the notify it would send (spoilt or not), not yet sent. */
async function paid(orderId: string, forgery?: WechatNotifyForgery) {
  const trade = await sandbox.pay(orderId, Date.now());
  if (!trade) throw new Error('the sandbox trade was not waiting');
  return { trade, notify: sandbox.notify(trade, Date.now(), forgery) };
}

const orderRow = (orderId: string) =>
  t.db.selectFrom('pay_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

const outcomes = async (orderId: string) =>
  (
    await t.db
      .selectFrom('pay_notify_log')
      .select('outcome')
      .where('order_id', '=', orderId)
      .execute()
  ).map((row) => row.outcome);

describe('WeChat Pay through the core', () => {
  it('pay_url is /vip-center with the order and the code_url, which opens the 微信支付 cashier', async () => {
    const { orderId, payUrl } = await ordered();
    expect(payUrl.pathname).toBe('/vip-center');
    expect(payUrl.searchParams.get('order_id')).toBe(orderId);
    const codeUrl = new URL(payUrl.searchParams.get('code_url') ?? '');
    const page = await (await fetch(codeUrl)).text();
    expect(page).toContain('微信支付');
    expect(page).toContain('¥25.00');
    expect(page).toContain('月度会员');
  });

  it('a notify delivered three times at once grants once; the order says granted', async () => {
    const { userId, visitor, orderId } = await ordered();
    const { trade, notify } = await paid(orderId);
    const deliveries = await Promise.all([1, 2, 3].map(() => sandbox.deliver(trade, notify)));
    expect(deliveries.map((d) => d.status)).toEqual([204, 204, 204]);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ state: 'granted', amount_fen: 2500 });
    expect(order.provider_trade_no).toBe(trade.trade_no);
    const membership = await findMembership(t.db, userId);
    expect(Number(membership?.expires_at)).toBe(Number(order.granted_at) + 31 * DAY_MS);
    // Once more, later, out of order after the grant: still one grant.
    expect((await sandbox.deliver(trade, sandbox.notify(trade, Date.now()))).status).toBe(204);
    expect(Number((await findMembership(t.db, userId))?.expires_at)).toBe(
      Number(order.granted_at) + 31 * DAY_MS,
    );
    const status = await call(visitor, `${getOrderStatus.path}?order_id=${orderId}`);
    expect(status.data).toMatchObject({ state: 'granted' });
  });

  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  it.each([
    ['forged (another key)', { key: otherKey }],
    ['tampered (the GCM tag fails)', { tamper: true }],
    ['stale (signed 10 minutes ago)', { signedAt: Date.now() - 10 * 60_000 }],
    ['of a wrong serial', { serial: 'PUB_KEY_ID_0100000000000000000000' }],
  ] as const)('a notify %s is refused with FAIL and changes nothing', async (_, forgery) => {
    const { userId, orderId } = await ordered();
    const { trade, notify } = await paid(orderId, forgery);
    const delivery = await sandbox.deliver(trade, notify);
    expect(delivery.status).toBe(400);
    expect(JSON.parse(delivery.body)).toEqual({ code: 'FAIL', message: '失败' });
    expect((await orderRow(orderId)).state).toBe('created');
    expect(await outcomes(orderId)).toEqual([]);
    expect(await findMembership(t.db, userId)).toBeUndefined();
  });

  it('a notify with another amount, truly signed, is refused and logged as a mismatch', async () => {
    const { userId, orderId } = await ordered();
    const { trade, notify } = await paid(orderId, {
      transaction: { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } },
    });
    expect((await sandbox.deliver(trade, notify)).status).toBe(400);
    expect((await orderRow(orderId)).state).toBe('created');
    expect(await outcomes(orderId)).toContain('mismatch');
    expect(await findMembership(t.db, userId)).toBeUndefined();
  });

  it('a dropped notify is reconciled by the query when the order is asked about; the late notify then changes nothing', async () => {
    const { userId, visitor, orderId } = await ordered();
    const { trade } = await paid(orderId);
    expect((await orderRow(orderId)).state).toBe('created');
    const status = await call(visitor, `${getOrderStatus.path}?order_id=${orderId}`);
    expect(status.data).toMatchObject({ state: 'granted' });
    const grantedUntil = Number((await findMembership(t.db, userId))?.expires_at);
    expect((await sandbox.deliver(trade, sandbox.notify(trade, Date.now()))).status).toBe(204);
    expect(Number((await findMembership(t.db, userId))?.expires_at)).toBe(grantedUntil);
  });

  it('an order not paid stays created when asked about (the query says NOTPAY)', async () => {
    const { visitor, orderId } = await ordered();
    const status = await call(visitor, `${getOrderStatus.path}?order_id=${orderId}`);
    expect(status.data).toMatchObject({ state: 'created' });
    expect(await outcomes(orderId)).toEqual([]);
  });
});
