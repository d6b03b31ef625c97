import type {
  CreatedOrder,
  EpisodeProduct,
  OrderList,
  OrderStatus,
  PayProvider,
  VipProducts,
} from '@melon/shared/contracts/pay';
import { toSeconds } from '@melon/shared/format/timestamp';
import { inTransaction } from '@melon/db/in-transaction';
import { lockUser } from '@melon/db/lock-user';
import { conflict, invalid, notFound, unavailable } from '../../lib/domain-error.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { findItemTitle } from '../item/item.repository.ts';
import { findViewableItem } from '../item/item.service.ts';
import {
  findEpisodeAccess,
  findMembership,
  ownsEpisode,
} from '../membership/membership.repository.ts';
import { playbackOf } from '../membership/membership.service.ts';
import { applyPayment, expireIfDue, type OrderDeps } from './pay.orders.ts';
import { payMessages as t, providerName } from './pay.messages.ts';
import { presentMembership, presentOrderStatus, presentOrderSummary } from './pay.presenter.ts';
import { findVipPlan, ORDER_PAYABLE_MS, VIP_PLANS } from './pay.products.ts';
import {
  findOrder,
  findWaitingEpisodeOrder,
  insertOrder,
  listOrders,
  listUnpaid,
  type OrderRow,
} from './pay.repository.ts';
import type { Providers } from './providers.ts';

/*
 * The pay calls (SPEC §7 Pay, decision 048): plans, orders through a provider, their state and
 * the buyer's list. An order still waiting when its state is asked for is reconciled with its
 * provider first, so a lost notify does not leave a paid buyer without what they bought.
 */

export interface PayServiceDeps extends OrderDeps {
  providers: Providers;
}

export interface CreateOrderInput {
  product_id?: string;
  item_id?: string;
  provider: PayProvider;
  from_gid?: string;
}

/**
 * A waiting order's status polls ask its provider at most this often (per process): polls in
 * between, concurrent ones included, share the last answer.
 */
const POLL_QUERY_MS = 3000;
/** Most unpaid orders one reconciliation sweep asks their providers about. */
const RECONCILE_BATCH = 200;
const DEFAULT_ORDER_PAGE = 10;

export function createPayService(deps: PayServiceDeps) {
  const { db, providers } = deps;
  const polled = createTtlCache<undefined>({ ttlMs: POLL_QUERY_MS, maxEntries: 10_000 });

  /** What the order buys, checked: a plan, or an episode sold singly the buyer lacks. */
  async function productOf(userId: string, input: CreateOrderInput) {
    if ((input.product_id === undefined) === (input.item_id === undefined)) {
      throw invalid(t.oneProduct);
    }
    if (input.product_id !== undefined) {
      const plan = findVipPlan(input.product_id);
      if (!plan) throw notFound(t.unknownProduct);
      return {
        kind: 'vip' as const,
        product_id: plan.id,
        days: plan.days,
        item_id: null,
        title: plan.title,
        amount_fen: plan.price_fen,
      };
    }
    const itemId = input.item_id ?? '';
    const item = await findViewableItem(db, itemId, userId);
    if (!item) throw notFound(t.unknownEpisode);
    const episode = await findEpisodeAccess(db, itemId);
    if (episode.access !== 'paid' || episode.price_fen === null) throw invalid(t.notForSale);
    if (await ownsEpisode(db, userId, itemId)) throw conflict(t.alreadyOwned);
    return {
      kind: 'episode' as const,
      product_id: null,
      days: null,
      item_id: itemId,
      title: await findItemTitle(db, itemId),
      amount_fen: episode.price_fen,
    };
  }

  /** Asks the provider about a waiting order and applies its answer; expires it when due. */
  async function reconcile(order: OrderRow): Promise<void> {
    const name = order.provider === 'wechat' ? 'wechat' : 'alipay';
    const provider = providers.get(name);
    if (provider) {
      try {
        const payment = await provider.queryPayment(order.id);
        if (payment) await applyPayment(deps, name, payment);
      } catch (error) {
        deps.log.warn({ err: error, orderId: order.id }, 'pay: the provider query failed');
      }
    }
    await expireIfDue(deps, order);
  }

  return {
    async vipProducts(userId: string | null): Promise<VipProducts> {
      const membership =
        userId === null ? null : presentMembership(await findMembership(db, userId), deps.now());
      return { plans: [...VIP_PLANS], membership };
    },

    async createOrder(
      userId: string,
      input: CreateOrderInput,
      siteOrigin: string,
    ): Promise<CreatedOrder> {
      if (providers.size === 0) throw unavailable(t.unavailable);
      const provider = providers.get(input.provider);
      if (!provider) throw unavailable(t.providerUnavailable);
      const product = await productOf(userId, input);
      const order = await inTransaction(db, async (trx) => {
        // One user's orders are made one at a time, so a double click opens one order.
        await lockUser(trx, userId);
        const waiting = product.item_id
          ? await findWaitingEpisodeOrder(trx, userId, product.item_id)
          : undefined;
        if (waiting && !(await expireIfDue({ ...deps, db: trx }, waiting))) {
          // Two payable orders for one episode could both be paid: the buyer gets the open one
          // again, or is told to finish it before paying another way.
          if (waiting.provider !== input.provider) {
            throw conflict(t.episodeOrderWaiting(providerName(waiting.provider)));
          }
          return waiting;
        }
        const now = deps.now();
        const created: OrderRow = {
          id: deps.newId(),
          user_id: userId,
          ...product,
          currency: 'CNY',
          provider: input.provider,
          state: 'created',
          provider_trade_no: null,
          late: 0,
          created_at: now,
          expires_at: now + ORDER_PAYABLE_MS,
          paid_at: null,
          granted_at: null,
          refunded_at: null,
          updated_at: now,
        };
        await insertOrder(trx, created);
        return created;
      });
      const returnUrl = new URL('/vip-center', siteOrigin);
      returnUrl.searchParams.set('order_id', order.id);
      if (input.from_gid !== undefined) returnUrl.searchParams.set('from_gid', input.from_gid);
      try {
        const { payUrl } = await provider.createPayment({
          outTradeNo: order.id,
          amountFen: order.amount_fen,
          currency: 'CNY',
          subject: order.title,
          notifyUrl: `${siteOrigin}/api/pay/notify/${input.provider}`,
          returnUrl: returnUrl.toString(),
          expiresAt: order.expires_at,
        });
        return { order_id: order.id, pay_url: payUrl, expires_at: toSeconds(order.expires_at) };
      } catch (error) {
        deps.log.error({ err: error, orderId: order.id }, 'pay: the provider refused the payment');
        throw unavailable(t.providerUnavailable);
      }
    },

    async orderStatus(userId: string, orderId: string): Promise<OrderStatus> {
      let order = await findOrder(db, orderId);
      if (!order || order.user_id !== userId) throw notFound(t.unknownOrder);
      if (order.state === 'created') {
        const waiting = order;
        await polled.get(waiting.id, () => reconcile(waiting).then(() => undefined));
        order = (await findOrder(db, orderId)) ?? order;
      }
      const membership =
        order.kind === 'vip' && order.state === 'granted'
          ? presentMembership(await findMembership(db, userId), deps.now())
          : null;
      return presentOrderStatus(order, membership);
    },

    async episodeProduct(userId: string, itemId: string): Promise<EpisodeProduct> {
      const item = await findViewableItem(db, itemId, userId);
      if (!item) throw notFound(t.unknownEpisode);
      const episode = await findEpisodeAccess(db, itemId);
      const playback = await playbackOf(db, item, userId, deps.now());
      return {
        item_id: item.id,
        title: await findItemTitle(db, item.id),
        access: episode.access,
        price_fen: episode.access === 'paid' ? episode.price_fen : null,
        owned: playback === 'full',
      };
    },

    async orderList(userId: string, offset = 0, count = DEFAULT_ORDER_PAGE): Promise<OrderList> {
      const rows = await listOrders(db, userId, offset, count + 1);
      return {
        list: rows.slice(0, count).map(presentOrderSummary),
        has_more: rows.length > count,
        offset: offset + Math.min(rows.length, count),
      };
    },

    /** The sweep: every order still waiting is reconciled (and expired when due). */
    async reconcileUnpaid(): Promise<number> {
      const orders = await listUnpaid(db, RECONCILE_BATCH);
      for (const order of orders) await reconcile(order);
      return orders.length;
    },
  };
}

export type PayService = ReturnType<typeof createPayService>;
