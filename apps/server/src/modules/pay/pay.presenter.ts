import type { MembershipState, OrderStatus, OrderSummary } from '@melon/shared/contracts/pay';
import { toSeconds } from '@melon/shared/format/timestamp';
import { membershipValidity } from '../membership/membership.policy.ts';
import type { OrderRow } from './pay.repository.ts';

/** A membership row (or none) as the calls show it. */
export function presentMembership(
  row: { expires_at: number } | undefined,
  now: number,
): MembershipState {
  return {
    validity: membershipValidity(row?.expires_at, now),
    expires_at: row ? toSeconds(row.expires_at) : 0,
  };
}

export function presentOrderSummary(order: OrderRow): OrderSummary {
  return {
    order_id: order.id,
    kind: order.kind,
    title: order.title,
    amount_fen: order.amount_fen,
    provider: order.provider === 'wechat' ? 'wechat' : 'alipay',
    state: order.state,
    created_at: toSeconds(order.created_at),
    paid_at: order.paid_at === null ? null : toSeconds(order.paid_at),
  };
}

export function presentOrderStatus(
  order: OrderRow,
  membership: MembershipState | null,
): OrderStatus {
  return {
    order_id: order.id,
    state: order.state,
    kind: order.kind,
    product_id: order.product_id,
    item_id: order.item_id,
    amount_fen: order.amount_fen,
    membership,
  };
}
