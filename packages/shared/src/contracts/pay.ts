import Type, { type Static } from 'typebox';
import { oneOf } from './one-of.ts';
import { MixIdString } from './video.ts';

/*
 * Membership and payments (SPEC §7 Pay, issue 15, decision 048): the plans, orders through a
 * payment provider and their state. Every call is a GET with a query answering `data`, and the
 * web client rejects a pay call unless HTTP 200 and body code 200 (SPEC §8). Declared in
 * calls/pay.calls.ts.
 */

/** The providers an order can be paid through. */
export const PAY_PROVIDERS = ['alipay', 'wechat'] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];

/**
 * An order's state: created (waiting for the payment), paid (the provider took the money),
 * granted (the membership or episode is given), expired (unpaid past expires_at), refunded.
 */
export const ORDER_STATES = ['created', 'paid', 'granted', 'expired', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What an order buys: a membership plan or one paid episode. */
export const ORDER_KINDS = ['vip', 'episode'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** An order number: 19 digits (a Melon id). */
export const OrderIdString = Type.String({ pattern: '^[1-9][0-9]{0,25}$', maxLength: 26 });

/** A plan's id, e.g. `vip_month`. */
export const ProductIdString = Type.String({ pattern: '^[a-z][a-z0-9_]{0,31}$', maxLength: 32 });

/** One membership plan. */
export const VipPlan = Type.Object({
  id: Type.String(),
  /** 月度会员, 季度会员, 年度会员. */
  title: Type.String(),
  days: Type.Integer(),
  price_fen: Type.Integer(),
  /** The crossed-out price shown beside it. */
  original_price_fen: Type.Integer(),
  /** A short badge (e.g. 超值), '' when none. */
  tag: Type.String(),
});
export type VipPlan = Static<typeof VipPlan>;

/** A user's membership: SPEC §3 validity (-1 expired, 0 never, 1 valid) and its expiry. */
export const MembershipState = Type.Object({
  validity: Type.Union([Type.Literal(-1), Type.Literal(0), Type.Literal(1)]),
  /** 10-digit seconds; 0 when the user never had one. */
  expires_at: Type.Integer(),
});
export type MembershipState = Static<typeof MembershipState>;

/** /api/pay/vip_products: the plans, and the caller's membership when signed in (else null). */
export const VipProducts = Type.Object({
  plans: Type.Array(VipPlan),
  membership: Type.Union([MembershipState, Type.Null()]),
});
export type VipProducts = Static<typeof VipProducts>;

/**
 * /api/pay/create_order: either a plan (`product_id`) or one paid episode (`item_id`), paid
 * through `provider`. `from_gid` (the video the buyer came from) is carried into the return URL.
 */
export const CreateOrderQuery = Type.Object({
  product_id: Type.Optional(ProductIdString),
  item_id: Type.Optional(MixIdString),
  provider: oneOf(PAY_PROVIDERS),
  from_gid: Type.Optional(MixIdString),
});
export const CreatedOrder = Type.Object({
  order_id: Type.String(),
  /** Where the buyer's browser goes to pay: the provider's cashier. */
  pay_url: Type.String(),
  /** 10-digit seconds: unpaid past this, the order expires. */
  expires_at: Type.Integer(),
});
export type CreatedOrder = Static<typeof CreatedOrder>;

export const OrderQuery = Type.Object({ order_id: OrderIdString });

/** /api/pay/order_status: the order's state; the membership once a plan is granted. */
export const OrderStatus = Type.Object({
  order_id: Type.String(),
  state: oneOf(ORDER_STATES),
  kind: oneOf(ORDER_KINDS),
  product_id: Type.Union([Type.String(), Type.Null()]),
  item_id: Type.Union([Type.String(), Type.Null()]),
  amount_fen: Type.Integer(),
  /** The membership after the grant (a `vip` order in state granted), else null. */
  membership: Type.Union([MembershipState, Type.Null()]),
});
export type OrderStatus = Static<typeof OrderStatus>;

/** /api/pay/episode_product: whether an episode is sold singly, its price, and if owned. */
export const EpisodeProductQuery = Type.Object({ item_id: MixIdString });
export const EpisodeProduct = Type.Object({
  item_id: Type.String(),
  title: Type.String(),
  /** free, vip (members only) or paid (bought singly). */
  access: oneOf(['free', 'vip', 'paid'] as const),
  /** The price of buying it singly; null unless access is paid. */
  price_fen: Type.Union([Type.Integer(), Type.Null()]),
  /** The caller may play it in full (bought it, or it is free). */
  owned: Type.Boolean(),
});
export type EpisodeProduct = Static<typeof EpisodeProduct>;

export const ORDER_LIST_MAX_COUNT = 50;

/** /api/pay/order_list: the caller's orders, newest first, paged by offset. */
export const OrderListQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDER_LIST_MAX_COUNT })),
});
export const OrderSummary = Type.Object({
  order_id: Type.String(),
  kind: oneOf(ORDER_KINDS),
  /** What the cashier showed: the plan's or the episode's title. */
  title: Type.String(),
  amount_fen: Type.Integer(),
  provider: oneOf(PAY_PROVIDERS),
  state: oneOf(ORDER_STATES),
  /** 10-digit seconds. */
  created_at: Type.Integer(),
  /** 10-digit seconds; null until paid. */
  paid_at: Type.Union([Type.Integer(), Type.Null()]),
});
export type OrderSummary = Static<typeof OrderSummary>;
export const OrderList = Type.Object({
  list: Type.Array(OrderSummary),
  has_more: Type.Boolean(),
  /** The offset of the next page. */
  offset: Type.Integer(),
});
export type OrderList = Static<typeof OrderList>;
