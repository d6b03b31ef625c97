import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { extendMembership, grantPaidEpisode } from '../membership/membership.repository.ts';
import type { PaymentProviderName, ProviderPayment } from './payment-provider.ts';
import { payMessages as t } from './pay.messages.ts';
import {
  findOrder,
  findOtherGrantedEpisodeOrder,
  logNotify,
  markExpired,
  markGranted,
  markPaid,
  markRefunded,
  revokePaidEpisode,
  type OrderRow,
} from './pay.repository.ts';

/*
 * The order's state machine (decision 048): created → paid → granted; created → expired;
 * paid/granted → refunded. Each step is a conditional UPDATE (pay.repository.ts), and paying
 * and granting happen in one transaction, so however often, concurrently or out of order a
 * provider says an order was paid, its membership or episode is granted once.
 */

export interface OrderDeps {
  db: Kysely<Database>;
  newId: () => string;
  log: FastifyBaseLogger;
  now: () => number;
}

/** What became of a provider's word on a payment. */
export type PaymentOutcome =
  /** This call paid and granted the order. */
  | 'granted'
  /** The order was paid already: nothing changed. */
  | 'duplicate'
  /** The provider does not (yet) say it was paid: nothing changed. */
  | 'not_paid'
  /** Refused: no such order of this provider. */
  | 'unknown_order'
  /** Refused: the amount or currency differs from the order's. */
  | 'mismatch';

/** Refusals are logged for the operator: a warning and a row in pay_notify_log. */
async function refuse(
  deps: OrderDeps,
  entry: { provider: string; orderId: string | null; outcome: string; detail: string },
) {
  deps.log.warn({ pay: entry }, `pay: ${entry.outcome}`);
  await logNotify(deps.db, { ...entry, id: deps.newId(), now: deps.now() });
}

/** Grants what the order bought, inside the transaction that paid it. */
async function grant(db: Kysely<Database>, order: OrderRow, now: number) {
  if (order.kind === 'vip') await extendMembership(db, order.user_id, order.days ?? 0, now);
  else if (order.item_id !== null) {
    await grantPaidEpisode(db, {
      userId: order.user_id,
      itemId: order.item_id,
      orderId: order.id,
      nowMs: now,
    });
  }
  await markGranted(db, order.id, now);
}

/**
 * Applies a verified payment (from a notify or a query) to its order. An amount or currency
 * different from the order's is refused; a payment for an order that had expired is honoured
 * (the buyer's money was taken) and marked late.
 */
export async function applyPayment(
  deps: OrderDeps,
  provider: PaymentProviderName,
  payment: ProviderPayment,
): Promise<PaymentOutcome> {
  const order = await findOrder(deps.db, payment.outTradeNo);
  if (!order || order.provider !== provider) {
    await refuse(deps, {
      provider,
      orderId: payment.outTradeNo,
      outcome: 'unknown_order',
      detail: `trade ${payment.providerTradeNo}`,
    });
    return 'unknown_order';
  }
  if (payment.amountFen !== order.amount_fen || payment.currency !== order.currency) {
    await refuse(deps, {
      provider,
      orderId: order.id,
      outcome: 'mismatch',
      detail:
        `paid ${payment.amountFen} ${payment.currency}, ` +
        `order ${order.amount_fen} ${order.currency} (trade ${payment.providerTradeNo})`,
    });
    return 'mismatch';
  }
  if (payment.state !== 'paid') return 'not_paid';
  const now = deps.now();
  const moved = await inTransaction(deps.db, async (trx) => {
    const paid = await markPaid(trx, order.id, {
      providerTradeNo: payment.providerTradeNo,
      paidAt: payment.paidAt ?? now,
      now,
    });
    if (paid) await grant(trx, order, now);
    return paid;
  });
  if (!moved) return 'duplicate';
  if (order.expires_at <= now) {
    await refuse(deps, {
      provider,
      orderId: order.id,
      outcome: 'late',
      detail: `paid after the order expired; granted (trade ${payment.providerTradeNo})`,
    });
  }
  return 'granted';
}

/** created → expired when past its expiry; true when this call expired it. */
export const expireIfDue = (deps: OrderDeps, order: OrderRow): Promise<boolean> =>
  markExpired(deps.db, order.id, deps.now());

/** Takes back a refunded order's episode, unless another granted order of the buyer holds it. */
async function revokeEpisodeOf(db: Kysely<Database>, order: OrderRow, now: number) {
  await revokePaidEpisode(db, order.id);
  const itemId = order.item_id;
  if (itemId === null) return;
  const other = await findOtherGrantedEpisodeOrder(db, { ...order, item_id: itemId });
  if (other) {
    await grantPaidEpisode(db, {
      userId: order.user_id,
      itemId,
      orderId: other.id,
      nowMs: now,
    });
  }
}

/**
 * Refunds a paid or granted order (an operator's decision; the money goes back through the
 * provider's merchant console): the order becomes refunded and what it granted is taken back —
 * a membership loses the order's days, a bought episode is no longer owned.
 */
export async function refundOrder(
  deps: Pick<OrderDeps, 'db' | 'now'>,
  orderId: string,
): Promise<OrderRow> {
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const order = await findOrder(trx, orderId);
    if (!order) throw notFound(t.unknownOrder);
    if (order.state !== 'paid' && order.state !== 'granted') throw conflict(t.notRefundable);
    if (!(await markRefunded(trx, order.id, order.state, now))) throw conflict(t.notRefundable);
    if (order.state === 'granted') {
      if (order.kind === 'vip') await extendMembership(trx, order.user_id, -(order.days ?? 0), now);
      else await revokeEpisodeOf(trx, order, now);
    }
    return { ...order, state: 'refunded', refunded_at: now, updated_at: now };
  });
}
