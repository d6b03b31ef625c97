import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { PayOrdersTable } from '@melon/db/tables/pay';

/*
 * Orders and the notify log (decision 048). Every change of an order's state is one conditional
 * UPDATE naming the states it may leave, so of two workers racing over one order (a notify
 * replayed concurrently, a query beside a notify) exactly one moves it.
 */

export type OrderRow = PayOrdersTable;

export async function insertOrder(db: Kysely<Database>, order: Insertable<PayOrdersTable>) {
  await db.insertInto('pay_orders').values(order).execute();
}

export function findOrder(db: Kysely<Database>, orderId: string) {
  return db.selectFrom('pay_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The user's newest order for the episode still in `created` (it may be past its expiry). */
export function findWaitingEpisodeOrder(db: Kysely<Database>, userId: string, itemId: string) {
  return db
    .selectFrom('pay_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .where('state', '=', 'created')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** The user's orders, newest first: `count` from `offset`. */
export function listOrders(db: Kysely<Database>, userId: string, offset: number, count: number) {
  return db
    .selectFrom('pay_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(count)
    .execute();
}

/**
 * created → paid, with the provider's trade number; also expired → paid (the money came after
 * the order expired, and is honoured). `late` is set when paid past the order's expiry. True
 * when this call moved it.
 */
export async function markPaid(
  db: Kysely<Database>,
  orderId: string,
  payment: { providerTradeNo: string; paidAt: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('pay_orders')
    .set({
      state: 'paid',
      provider_trade_no: payment.providerTradeNo,
      paid_at: payment.paidAt,
      late: sql<number>`case when expires_at <= ${payment.now} then 1 else 0 end`,
      updated_at: payment.now,
    })
    .where('id', '=', orderId)
    .where('state', 'in', ['created', 'expired'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** paid → granted. True when this call moved it. */
export async function markGranted(db: Kysely<Database>, orderId: string, now: number) {
  const result = await db
    .updateTable('pay_orders')
    .set({ state: 'granted', granted_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('state', '=', 'paid')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** created → expired once past its expiry. True when this call moved it. */
export async function markExpired(db: Kysely<Database>, orderId: string, now: number) {
  const result = await db
    .updateTable('pay_orders')
    .set({ state: 'expired', updated_at: now })
    .where('id', '=', orderId)
    .where('state', '=', 'created')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** `from` (paid or granted) → refunded. True when this call moved it. */
export async function markRefunded(
  db: Kysely<Database>,
  orderId: string,
  from: 'paid' | 'granted',
  now: number,
) {
  const result = await db
    .updateTable('pay_orders')
    .set({ state: 'refunded', refunded_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('state', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Orders still waiting for their payment, oldest first. */
export function listUnpaid(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('pay_orders')
    .selectAll()
    .where('state', '=', 'created')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Takes back a bought episode (its order was refunded). */
export async function revokePaidEpisode(db: Kysely<Database>, orderId: string) {
  await db.deleteFrom('paid_episodes').where('order_id', '=', orderId).execute();
}

/**
 * Another granted order of the user for the same episode, if any: two orders made before either
 * was paid can both be paid, and refunding one must leave the episode owned through the other.
 */
export function findOtherGrantedEpisodeOrder(
  db: Kysely<Database>,
  order: { id: string; user_id: string; item_id: string },
) {
  return db
    .selectFrom('pay_orders')
    .select('id')
    .where('user_id', '=', order.user_id)
    .where('item_id', '=', order.item_id)
    .where('state', '=', 'granted')
    .where('id', '!=', order.id)
    .orderBy('granted_at')
    .executeTakeFirst();
}

export async function logNotify(
  db: Kysely<Database>,
  entry: {
    id: string;
    provider: string;
    orderId: string | null;
    outcome: string;
    detail: string;
    now: number;
  },
) {
  await db
    .insertInto('pay_notify_log')
    .values({
      id: entry.id,
      provider: entry.provider,
      order_id: entry.orderId,
      outcome: entry.outcome,
      detail: entry.detail.slice(0, 500),
      received_at: entry.now,
    })
    .execute();
}
