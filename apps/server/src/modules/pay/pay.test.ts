import { generateKeyPairSync } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EpisodeAccess, ItemType } from '@melon/db/enums';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import {
  createOrder,
  getEpisodeProduct,
  getOrderList,
  getOrderStatus,
  getVipProducts,
} from '@melon/shared/calls/pay.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { freeLoopbackOrigin } from '../../testing/listening-origin.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import type { PaySettings } from '../../settings.ts';
import { createAlipaySandbox, type AlipaySandbox } from '../pay-sandbox/alipay-gateway.ts';
import { findMembership, ownsEpisode } from '../membership/membership.repository.ts';
import { refundOrder } from './pay.orders.ts';
import { createPayService } from './pay.service.ts';
import { createProviders } from './providers.ts';

/*
 * Payments end to end on the dialect under test (decision 048): the calls, orders paid through
 * the sandbox Alipay over real HTTP (its cashier, its signed notifies and trade queries), and
 * every way a notify can go wrong: replayed at once, forged, mismatched, late or never sent.
 */

const DAY = 24 * 3600_000;
const SANDBOX: PaySettings = { sandbox: true, alipay: undefined, reconcileIntervalMinutes: 0 };
const MONTH_FEN = 2500;
const MONTH_DAYS = 31;

let t: TestApp;
let origin: string;
let sandbox: AlipaySandbox;
let author: string;
const logStream = new PassThrough();
const logLines: string[] = [];

/** The app's warnings (pino level 40) whose message is `msg`. */
const warnings = (msg: string) =>
  logLines
    .map((line) => JSON.parse(line) as { level: number; msg: string; pay?: { orderId?: string } })
    .filter((entry) => entry.level === 40 && entry.msg === msg);

beforeAll(async () => {
  logStream.on('data', (chunk: Buffer) => {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  });
  // The site's origin is where it listens: the sandbox posts its notifies to notify_url.
  const site = await freeLoopbackOrigin();
  origin = site.origin;
  t = await createTestApp({ pay: SANDBOX, logStream, publicUrl: origin });
  await t.app.listen({ port: site.port, host: '127.0.0.1' });
  sandbox = await createAlipaySandbox(t.db);
  author = await createUser(t.db, t.newId);
  // Migrations and the sandbox's two RSA keys take seconds on a busy machine.
}, 60_000);
afterAll(() => t.close());

interface Answer {
  status: number;
  code: number;
  message: string;
  data: Record<string, unknown>;
}

async function get(
  path: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'GET',
    url: path,
    query,
    headers,
  });
  const body = response.json<Omit<Answer, 'status'>>();
  return { status: response.statusCode, ...body };
}

async function buyer(): Promise<{ id: string; visitor: Visitor }> {
  const id = await createUser(t.db, t.newId);
  return { id, visitor: await t.signedIn(id) };
}

async function order(
  visitor: Visitor,
  query: Record<string, string> = { product_id: 'vip_month' },
) {
  const answer = await get(createOrder.path, { provider: 'alipay', ...query }, visitor.headers);
  expect(answer.code).toBe(200);
  return answer.data as { order_id: string; pay_url: string; expires_at: number };
}

/**
 * A new user's monthly plan ordered through Alipay on a site of its own settings, with `headers`
 * added to the request; the raw answer.
 */
async function monthOrderOn(site: TestApp, headers: Record<string, string> = {}) {
  const visitor = await site.signedIn(await createUser(site.db, site.newId));
  return site.app.inject({
    method: 'GET',
    url: createOrder.path,
    query: { provider: 'alipay', product_id: 'vip_month' },
    headers: { ...visitor.headers, ...headers },
  });
}

/** Opens the cashier of an order (the buyer's browser following pay_url); its HTML. */
async function openCashier(payUrl: string): Promise<string> {
  const response = await fetch(payUrl);
  expect(response.status).toBe(200);
  return response.text();
}

/** The buyer pays on the cashier; the notify Alipay would send (not sent). */
async function payWithoutNotify(orderId: string) {
  const trade = await sandbox.pay(orderId, Date.now());
  if (!trade) throw new Error('the trade was not payable');
  return trade;
}

const stateOf = async (orderId: string) =>
  (
    await t.db
      .selectFrom('pay_orders')
      .select('state')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).state;

const expiryOf = async (userId: string) => (await findMembership(t.db, userId))?.expires_at ?? 0;

const logOf = (orderId: string) =>
  t.db
    .selectFrom('pay_notify_log')
    .select(['outcome', 'detail'])
    .where('order_id', '=', orderId)
    .execute();

async function paidEpisode(priceFen: number) {
  const album = await createItem(t.db, t.newId, author, { itemType: ItemType.Album });
  const episode = await createItem(t.db, t.newId, author, {
    itemType: ItemType.Episode,
    title: '第1集 付费',
  });
  await t.db.insertInto('albums').values({ item_id: album, album_type: 2 }).execute();
  await t.db
    .insertInto('album_episodes')
    .values({
      album_id: album,
      item_id: episode,
      seq: 1,
      opening_ms: null,
      ending_ms: null,
      access: EpisodeAccess.Paid,
      price_fen: priceFen,
    })
    .execute();
  return episode;
}

describe('the plans', () => {
  it('shows the plans to a visitor, with no membership', async () => {
    const answer = await get(getVipProducts.path, {});
    expect(answer.code).toBe(200);
    const data = answer.data as {
      plans: { title: string; price_fen: number }[];
      membership: unknown;
    };
    expect(data.plans.map((plan) => plan.title)).toEqual(['月度会员', '季度会员', '年度会员']);
    expect(data.membership).toBeNull();
  });

  it("shows a signed-in caller's membership: never had one", async () => {
    const { visitor } = await buyer();
    const answer = await get(getVipProducts.path, {}, visitor.headers);
    expect(answer.data.membership).toEqual({ validity: 0, expires_at: 0 });
  });
});

describe('buying a membership through the sandbox cashier', () => {
  it('sends the provider notify_url and return_url on the site origin, whatever Host says (decision 067)', async () => {
    // No MELON_PUBLIC_URL: the site's own address (http://localhost in tests).
    const site = await createTestApp({ pay: SANDBOX });
    try {
      const made = await monthOrderOn(site, {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
      });
      const payUrl = new URL(made.json<{ data: { pay_url: string } }>().data.pay_url);
      expect(payUrl.searchParams.get('notify_url')).toBe('http://localhost/api/pay/notify/alipay');
      expect(new URL(payUrl.searchParams.get('return_url') ?? '').origin).toBe('http://localhost');
      expect(payUrl.href).not.toContain('evil.example');
    } finally {
      await site.close();
    }
  });

  it('creates the order, shows the cashier, and the confirmed payment grants 31 days', async () => {
    const { id, visitor } = await buyer();
    const made = await order(visitor, { product_id: 'vip_month', from_gid: '7000000000000000001' });
    const payUrl = new URL(made.pay_url);
    expect(payUrl.origin).toBe(origin);
    expect(payUrl.pathname).toBe('/pay-sandbox/alipay/gateway.do');
    expect(payUrl.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(payUrl.searchParams.get('sign_type')).toBe('RSA2');
    const returnUrl = new URL(payUrl.searchParams.get('return_url') ?? '');
    expect(returnUrl.pathname).toBe('/vip-center');
    expect(returnUrl.searchParams.get('order_id')).toBe(made.order_id);
    expect(returnUrl.searchParams.get('from_gid')).toBe('7000000000000000001');

    const html = await openCashier(made.pay_url);
    expect(html).toContain('收银台');
    expect(html).toContain('Melon');
    expect(html).toContain('月度会员');
    expect(html).toContain('¥25.00');
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const before = Date.now();
    const confirmed = await fetch(`${origin}/pay-sandbox/alipay/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ out_trade_no: made.order_id, token }),
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
    const back = new URL(confirmed.headers.get('location') ?? '');
    expect(back.pathname).toBe('/vip-center');
    expect(back.searchParams.get('order_id')).toBe(made.order_id);

    const status = await get(getOrderStatus.path, { order_id: made.order_id }, visitor.headers);
    expect(status.data).toMatchObject({ state: 'granted', kind: 'vip', amount_fen: MONTH_FEN });
    const membership = status.data.membership as { validity: number; expires_at: number };
    expect(membership.validity).toBe(1);
    expect(membership.expires_at * 1000).toBeGreaterThanOrEqual(before + MONTH_DAYS * DAY - 1000);
    expect(await expiryOf(id)).toBeLessThanOrEqual(Date.now() + MONTH_DAYS * DAY);

    const list = await get(getOrderList.path, {}, visitor.headers);
    expect(list.data).toMatchObject({ has_more: false, offset: 1 });
    expect((list.data.list as { state: string }[])[0]).toMatchObject({
      order_id: made.order_id,
      state: 'granted',
      title: '月度会员',
      provider: 'alipay',
    });
  });

  it('refuses a confirm without the cashier token, paying nothing', async () => {
    const { visitor } = await buyer();
    const made = await order(visitor);
    await openCashier(made.pay_url);
    const forged = await fetch(`${origin}/pay-sandbox/alipay/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ out_trade_no: made.order_id, token: 'x' }),
      redirect: 'manual',
    });
    expect(forged.status).toBe(200);
    expect(await forged.text()).toContain('请求被拒绝');
    expect((await sandbox.find(made.order_id))?.state).toBe('waiting');
  });
});

describe('notifies', () => {
  it('grants once for a notify replayed three times at once', async () => {
    const { id, visitor } = await buyer();
    const made = await order(visitor);
    await openCashier(made.pay_url);
    const trade = await payWithoutNotify(made.order_id);
    const body = sandbox.notifyBody(trade, Date.now());
    const answers = await Promise.all([1, 2, 3].map(() => sandbox.deliver(trade, body)));
    expect(answers).toEqual(['success', 'success', 'success']);
    expect(await stateOf(made.order_id)).toBe('granted');
    const expiry = await expiryOf(id);
    expect(expiry).toBeGreaterThan(Date.now() + (MONTH_DAYS - 1) * DAY);
    expect(expiry).toBeLessThanOrEqual(Date.now() + MONTH_DAYS * DAY);
  });

  it('grants once when notifies (fresh and replayed) and status polls race out of order', async () => {
    const { id, visitor } = await buyer();
    const made = await order(visitor);
    await openCashier(made.pay_url);
    const trade = await payWithoutNotify(made.order_id);
    const first = sandbox.notifyBody(trade, Date.now());
    const second = sandbox.notifyBody(trade, Date.now() + 60_000);
    const poll = () => get(getOrderStatus.path, { order_id: made.order_id }, visitor.headers);
    const results = await Promise.all([
      poll(),
      sandbox.deliver(trade, second),
      sandbox.deliver(trade, first),
      poll(),
      sandbox.deliver(trade, second),
    ]);
    expect(results.filter((r) => r === 'success')).toHaveLength(3);
    expect(await stateOf(made.order_id)).toBe('granted');
    expect(await expiryOf(id)).toBeLessThanOrEqual(Date.now() + MONTH_DAYS * DAY);
    expect(await expiryOf(id)).toBeGreaterThan(Date.now() + (MONTH_DAYS - 1) * DAY);
  });

  it.each([
    ['an amount changed after signing', { tampered: { total_amount: '0.01' } }],
    [
      'a signature by another key',
      {
        key: generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ format: 'pem', type: 'pkcs8' })
          .toString(),
      },
    ],
    ['another application', { signed: { app_id: '9021000000000999' } }],
    ['no signature', { tampered: { sign: '' } }],
  ])(
    'refuses a forged notify (%s): failure, nothing changes, a warning but no row',
    async (_label, forgery) => {
      const { id, visitor } = await buyer();
      const made = await order(visitor);
      await openCashier(made.pay_url);
      const trade = await payWithoutNotify(made.order_id);
      const before = await t.db
        .selectFrom('pay_notify_log')
        .select('id')
        .where('outcome', '=', 'refused')
        .execute();
      expect(await sandbox.deliver(trade, sandbox.notifyBody(trade, Date.now(), forgery))).toBe(
        'failure',
      );
      expect(await stateOf(made.order_id)).toBe('created');
      expect(await expiryOf(id)).toBe(0);
      const after = await t.db
        .selectFrom('pay_notify_log')
        .select('id')
        .where('outcome', '=', 'refused')
        .execute();
      expect(after.length).toBe(before.length);
      expect(warnings('pay: notify refused').length).toBeGreaterThan(0);
    },
  );

  it.each([
    ['amount', { total_amount: '0.01' }],
    ['currency', { trans_currency: 'USD' }],
  ])(
    'refuses a correctly signed notify with another %s: logged, unchanged',
    async (_label, signed) => {
      const { id, visitor } = await buyer();
      const made = await order(visitor);
      await openCashier(made.pay_url);
      const trade = await payWithoutNotify(made.order_id);
      expect(await sandbox.deliver(trade, sandbox.notifyBody(trade, Date.now(), { signed }))).toBe(
        'failure',
      );
      expect(await stateOf(made.order_id)).toBe('created');
      expect(await expiryOf(id)).toBe(0);
      expect((await logOf(made.order_id)).map((row) => row.outcome)).toEqual(['mismatch']);
      expect(warnings('pay: mismatch').map((entry) => entry.pay?.orderId)).toContain(made.order_id);
    },
  );

  it('honours a notify that arrives after the order expired: granted, marked late, logged', async () => {
    const { id, visitor } = await buyer();
    const made = await order(visitor);
    await openCashier(made.pay_url);
    await t.db
      .updateTable('pay_orders')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', made.order_id)
      .execute();
    const status = await get(getOrderStatus.path, { order_id: made.order_id }, visitor.headers);
    expect(status.data.state).toBe('expired');
    const trade = await payWithoutNotify(made.order_id);
    expect(await sandbox.deliver(trade, sandbox.notifyBody(trade, Date.now()))).toBe('success');
    const row = await t.db
      .selectFrom('pay_orders')
      .select(['state', 'late'])
      .where('id', '=', made.order_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'granted', late: 1 });
    expect(await expiryOf(id)).toBeGreaterThan(Date.now());
    expect((await logOf(made.order_id)).map((entry) => entry.outcome)).toEqual(['late']);
  });

  it('answers an unknown provider 404 and a notify for an unknown order failure', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/paypal',
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unknown.statusCode).toBe(404);
    const trade = await sandbox.openPageTrade(
      {
        biz_content: JSON.stringify({
          out_trade_no: '7000000000000099999',
          total_amount: '1.00',
          subject: 'x',
        }),
        notify_url: `${origin}/api/pay/notify/alipay`,
        return_url: `${origin}/vip-center`,
      },
      Date.now(),
    );
    if (!trade) throw new Error('the sandbox opened no trade');
    expect(await sandbox.deliver(trade, sandbox.notifyBody(trade, Date.now()))).toBe('failure');
  });
});

describe('reconciliation', () => {
  it('finds a payment whose notify was dropped when the order status is polled', async () => {
    const { id, visitor } = await buyer();
    const made = await order(visitor);
    await openCashier(made.pay_url);
    await payWithoutNotify(made.order_id);
    expect(await stateOf(made.order_id)).toBe('created');
    const status = await get(getOrderStatus.path, { order_id: made.order_id }, visitor.headers);
    expect(status.data.state).toBe('granted');
    expect(await expiryOf(id)).toBeGreaterThan(Date.now() + (MONTH_DAYS - 1) * DAY);
  });

  it('the sweep grants dropped payments and expires unpaid orders past their expiry', async () => {
    const paying = await buyer();
    const paid = await order(paying.visitor);
    await openCashier(paid.pay_url);
    await payWithoutNotify(paid.order_id);
    const idle = await buyer();
    const abandoned = await order(idle.visitor);
    await openCashier(abandoned.pay_url);
    const neverOpened = await order(idle.visitor);
    await t.db
      .updateTable('pay_orders')
      .set({ expires_at: Date.now() - 1 })
      .where('id', 'in', [abandoned.order_id, neverOpened.order_id])
      .execute();
    const providers = await createProviders({
      db: t.db,
      settings: SANDBOX,
      selfOrigin: () => origin,
    });
    const service = createPayService({
      db: t.db,
      newId: t.newId,
      log: t.app.log,
      now: Date.now,
      providers,
    });
    await service.reconcileUnpaid();
    expect(await stateOf(paid.order_id)).toBe('granted');
    expect(await stateOf(abandoned.order_id)).toBe('expired');
    expect(await stateOf(neverOpened.order_id)).toBe('expired');
    expect(await expiryOf(paying.id)).toBeGreaterThan(Date.now());
    expect(await expiryOf(idle.id)).toBe(0);
  });

  it('a listening server sweeps on its own: a paid order whose notify was dropped is granted', async () => {
    const site = await createTestApp({ pay: { ...SANDBOX, reconcileIntervalMinutes: 60 } });
    try {
      const made = await monthOrderOn(site);
      const { order_id: orderId, pay_url: payUrl } = made.json<{
        data: { order_id: string; pay_url: string };
      }>().data;
      const siteSandbox = await createAlipaySandbox(site.db);
      const params = Object.fromEntries(new URL(payUrl).searchParams);
      await siteSandbox.openPageTrade(params, Date.now());
      await siteSandbox.pay(orderId, Date.now());
      await site.app.listen({ port: 0, host: '127.0.0.1' });
      await vi.waitFor(
        async () => {
          const row = await site.db
            .selectFrom('pay_orders')
            .select('state')
            .where('id', '=', orderId)
            .executeTakeFirstOrThrow();
          expect(row.state).toBe('granted');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await site.close();
    }
  });

  it('leaves an unpaid order within its time created', async () => {
    const { visitor } = await buyer();
    const made = await order(visitor);
    await openCashier(made.pay_url);
    const status = await get(getOrderStatus.path, { order_id: made.order_id }, visitor.headers);
    expect(status.data).toMatchObject({ state: 'created', membership: null });
  });
});

describe('paid episodes', () => {
  it('sells an episode once: price, purchase, owned; a second order is refused', async () => {
    const episode = await paidEpisode(300);
    const { id, visitor } = await buyer();
    const product = await get(getEpisodeProduct.path, { item_id: episode }, visitor.headers);
    expect(product.data).toEqual({
      item_id: episode,
      title: '第1集 付费',
      access: 'paid',
      price_fen: 300,
      owned: false,
    });
    const made = await order(visitor, { item_id: episode });
    expect(await openCashier(made.pay_url)).toContain('¥3.00');
    const trade = await payWithoutNotify(made.order_id);
    expect(await sandbox.deliver(trade, sandbox.notifyBody(trade, Date.now()))).toBe('success');
    expect(await ownsEpisode(t.db, id, episode)).toBe(true);
    const owned = await get(getEpisodeProduct.path, { item_id: episode }, visitor.headers);
    expect(owned.data.owned).toBe(true);
    const again = await get(
      createOrder.path,
      { provider: 'alipay', item_id: episode },
      visitor.headers,
    );
    expect(again.status).toBe(409);
  });

  it('gives the waiting order again instead of a second payable one, even to three at once', async () => {
    const episode = await paidEpisode(200);
    const { id, visitor } = await buyer();
    const first = await order(visitor, { item_id: episode });
    const again = await Promise.all([1, 2, 3].map(() => order(visitor, { item_id: episode })));
    expect(new Set(again.map((made) => made.order_id))).toEqual(new Set([first.order_id]));
    const rows = await t.db
      .selectFrom('pay_orders')
      .select('id')
      .where('user_id', '=', id)
      .where('item_id', '=', episode)
      .execute();
    expect(rows).toHaveLength(1);
    // The cashier of the order given again takes the payment, once.
    await openCashier(again[0]?.pay_url ?? '');
    const trade = await payWithoutNotify(first.order_id);
    expect(await sandbox.deliver(trade, sandbox.notifyBody(trade, Date.now()))).toBe('success');
    expect(await ownsEpisode(t.db, id, episode)).toBe(true);
  });

  it('refuses another provider while an order for the episode waits, and not once it expired', async () => {
    const episode = await paidEpisode(200);
    const { visitor } = await buyer();
    const first = await order(visitor, { item_id: episode });
    const other = await get(
      createOrder.path,
      { provider: 'wechat', item_id: episode },
      visitor.headers,
    );
    expect(other.status).toBe(409);
    expect(other.message).toBe(
      '该剧集已有一笔待支付的支付宝订单，请完成支付，或待它过期后再换支付方式',
    );
    await t.db
      .updateTable('pay_orders')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', first.order_id)
      .execute();
    const afterExpiry = await get(
      createOrder.path,
      { provider: 'wechat', item_id: episode },
      visitor.headers,
    );
    expect(afterExpiry.code).toBe(200);
    expect(afterExpiry.data.order_id).not.toBe(first.order_id);
    expect(await stateOf(first.order_id)).toBe('expired');
  });

  it('refuses to sell a free episode or an unknown item', async () => {
    const { visitor } = await buyer();
    const free = await createItem(t.db, t.newId, author);
    const notForSale = await get(
      createOrder.path,
      { provider: 'alipay', item_id: free },
      visitor.headers,
    );
    expect(notForSale.status).toBe(400);
    const unknown = await get(
      getEpisodeProduct.path,
      { item_id: '7000000000000012345' },
      visitor.headers,
    );
    expect(unknown.status).toBe(404);
  });
});

describe('refunds', () => {
  it('refunds a granted membership order and takes its days back', async () => {
    const { id, visitor } = await buyer();
    const made = await order(visitor);
    await openCashier(made.pay_url);
    const trade = await payWithoutNotify(made.order_id);
    await sandbox.deliver(trade, sandbox.notifyBody(trade, Date.now()));
    expect(await expiryOf(id)).toBeGreaterThan(Date.now());
    const deps = { db: t.db, now: Date.now };
    const refunded = await refundOrder(deps, made.order_id);
    expect(refunded.state).toBe('refunded');
    expect(await stateOf(made.order_id)).toBe('refunded');
    expect(await expiryOf(id)).toBeLessThanOrEqual(Date.now());
    await expect(refundOrder(deps, made.order_id)).rejects.toThrow('该订单不能退款');
    // A notify replayed after the refund grants nothing again.
    expect(await sandbox.deliver(trade, sandbox.notifyBody(trade, Date.now()))).toBe('success');
    expect(await stateOf(made.order_id)).toBe('refunded');
    expect(await expiryOf(id)).toBeLessThanOrEqual(Date.now());
  });

  it('refunds a bought episode: no longer owned', async () => {
    const episode = await paidEpisode(500);
    const { id, visitor } = await buyer();
    const made = await order(visitor, { item_id: episode });
    await openCashier(made.pay_url);
    const trade = await payWithoutNotify(made.order_id);
    await sandbox.deliver(trade, sandbox.notifyBody(trade, Date.now()));
    await refundOrder({ db: t.db, now: Date.now }, made.order_id);
    expect(await ownsEpisode(t.db, id, episode)).toBe(false);
  });

  it('refunding one of two paid orders for one episode leaves it owned through the other', async () => {
    const episode = await paidEpisode(400);
    const { id, visitor } = await buyer();
    // The first expired unpaid, the second was made, then the first was paid late (honoured).
    const first = await order(visitor, { item_id: episode });
    await t.db
      .updateTable('pay_orders')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', first.order_id)
      .execute();
    const second = await order(visitor, { item_id: episode });
    for (const made of [first, second]) {
      await openCashier(made.pay_url);
      const trade = await payWithoutNotify(made.order_id);
      expect(await sandbox.deliver(trade, sandbox.notifyBody(trade, Date.now()))).toBe('success');
      expect(await stateOf(made.order_id)).toBe('granted');
    }
    const deps = { db: t.db, now: Date.now };
    await refundOrder(deps, first.order_id);
    expect(await ownsEpisode(t.db, id, episode)).toBe(true);
    await refundOrder(deps, second.order_id);
    expect(await ownsEpisode(t.db, id, episode)).toBe(false);
  });

  it('refuses to refund an unpaid order', async () => {
    const { visitor } = await buyer();
    const made = await order(visitor);
    await expect(refundOrder({ db: t.db, now: Date.now }, made.order_id)).rejects.toThrow(
      '该订单不能退款',
    );
    expect(await stateOf(made.order_id)).toBe('created');
  });
});

describe('refusals', () => {
  it.each([createOrder.path, getOrderStatus.path, getEpisodeProduct.path, getOrderList.path])(
    '%s needs sign-in (401)',
    async (path) => {
      const answer = await get(
        path,
        {
          provider: 'alipay',
          product_id: 'vip_month',
          order_id: '7000000000000000001',
          item_id: '7000000000000000001',
        },
        t.visitor().headers,
      );
      expect(answer.status).toBe(401);
      expect(answer.code).toBe(401);
    },
  );

  it('create_order without the anti-forgery header is refused and makes no order', async () => {
    const { id, visitor } = await buyer();
    const withoutToken = Object.fromEntries(
      Object.entries(visitor.headers).filter(([name]) => name !== CSRF_HEADER),
    );
    const answer = await get(
      createOrder.path,
      { provider: 'alipay', product_id: 'vip_month' },
      withoutToken,
    );
    expect(answer.status).toBe(403);
    expect(answer.message).toMatch(/csrf/);
    const wrong = await get(
      createOrder.path,
      { provider: 'alipay', product_id: 'vip_month' },
      { ...withoutToken, [CSRF_HEADER]: 'x' },
    );
    expect(wrong.status).toBe(403);
    const orders = await t.db
      .selectFrom('pay_orders')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(orders).toEqual([]);
  });

  it.each([
    ['an unknown provider', { provider: 'paypal', product_id: 'vip_month' }, 400],
    [
      'both a plan and an episode',
      { provider: 'alipay', product_id: 'vip_month', item_id: '7000000000000000001' },
      400,
    ],
    ['neither', { provider: 'alipay' }, 400],
    ['a malformed plan id', { provider: 'alipay', product_id: 'VIP MONTH' }, 400],
    ['an unknown plan', { provider: 'alipay', product_id: 'vip_century' }, 404],
  ])('create_order refuses %s and makes no order', async (_label, query, status) => {
    const { id, visitor } = await buyer();
    const answer = await get(createOrder.path, query, visitor.headers);
    expect(answer.status).toBe(status);
    const orders = await t.db
      .selectFrom('pay_orders')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(orders).toEqual([]);
  });

  it('limits a buyer to 20 orders in 10 minutes (429 past it, no order made)', async () => {
    const { id, visitor } = await buyer();
    for (let n = 0; n < 20; n += 1) await order(visitor);
    const over = await get(
      createOrder.path,
      { provider: 'alipay', product_id: 'vip_month' },
      visitor.headers,
    );
    expect(over.status).toBe(429);
    expect(over.message).toMatch(/下单过于频繁/);
    const orders = await t.db
      .selectFrom('pay_orders')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(orders).toHaveLength(20);
  });

  it("answers someone else's order, an unknown one and a malformed id as not found or invalid", async () => {
    const owner = await buyer();
    const made = await order(owner.visitor);
    const other = await buyer();
    const theirs = await get(
      getOrderStatus.path,
      { order_id: made.order_id },
      other.visitor.headers,
    );
    expect(theirs.status).toBe(404);
    const unknown = await get(
      getOrderStatus.path,
      { order_id: '7000000000000000002' },
      other.visitor.headers,
    );
    expect(unknown.status).toBe(404);
    const malformed = await get(getOrderStatus.path, { order_id: 'abc' }, other.visitor.headers);
    expect(malformed.status).toBe(400);
    const list = await get(getOrderList.path, { count: '51' }, other.visitor.headers);
    expect(list.status).toBe(400);
  });
});

describe('without a provider', () => {
  it('create_order answers 支付暂不可用, the plans still show', async () => {
    const bare = await createTestApp();
    try {
      const answer = await monthOrderOn(bare);
      expect(answer.statusCode).toBe(503);
      expect(answer.json<{ message: string }>().message).toBe('支付暂不可用');
      const plans = await bare.app.inject({ method: 'GET', url: getVipProducts.path });
      expect(plans.statusCode).toBe(200);
      const sandboxGateway = await bare.app.inject({
        method: 'GET',
        url: '/pay-sandbox/alipay/gateway.do',
      });
      expect(sandboxGateway.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
