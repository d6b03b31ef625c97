import type {
  MembershipState,
  OrderKind,
  OrderState,
  PayProvider,
} from '@melon/shared/contracts/pay';
import { formatChinaDate } from '@melon/shared/format/relative-time';
import { toMilliseconds } from '@melon/shared/format/timestamp';
import { vipMessages as t } from './messages.ts';

/** A price in fen as the cashier shows it: ¥25, ¥9.90. */
export function formatPrice(fen: number): string {
  const yuan = fen / 100;
  return `¥${Number.isInteger(yuan) ? String(yuan) : yuan.toFixed(2)}`;
}

/** The day a 10-digit-seconds time falls on in China: 2026-12-27. */
export const chinaDateOf = (seconds: number): string => formatChinaDate(toMilliseconds(seconds));

/** 会员有效期至 YYYY-MM-DD, 已过期 (with its day), 未开通; null (a visitor): 登录后查看. */
export function membershipText(membership: MembershipState | null): string {
  if (!membership) return t.membership.signedOut;
  if (membership.validity === 1) return t.membership.valid(chinaDateOf(membership.expires_at));
  if (membership.validity === -1) {
    return membership.expires_at > 0
      ? t.membership.expiredOn(chinaDateOf(membership.expires_at))
      : t.membership.expired;
  }
  return t.membership.none;
}

/** 待支付, 已开通 (a plan) or 已购买 (an episode), …: an order's state in the order list. */
export const orderStateText = (state: OrderState, kind: OrderKind): string =>
  state === 'granted' && kind === 'episode' ? t.states.grantedEpisode : t.states[state];

export const providerText = (provider: PayProvider): string => t.pay[provider];
