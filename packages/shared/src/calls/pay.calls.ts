import {
  CreatedOrder,
  CreateOrderQuery,
  EpisodeProduct,
  EpisodeProductQuery,
  OrderList,
  OrderListQuery,
  OrderQuery,
  OrderStatus,
  VipProducts,
} from '../contracts/pay.ts';
import { defineCall } from './call.ts';

/*
 * SPEC §7 Pay (decision 048): GETs with a query answering `data`. The web client rejects each
 * unless HTTP 200 and body code 200 (SPEC §8, `strictOk`). The plans are public (/vip-center
 * shows them to visitors); the rest need a signed-in caller, whose 401 opens the login prompt.
 * create_order is a GET that writes: it needs the anti-forgery header as a POST does.
 */

const pay = { method: 'GET', tag: 'pay', strictOk: true } as const;
const signedIn = { signIn: 'required', onUnauthorized: { prompt: 'default' } } as const;

export const getVipProducts = defineCall({
  ...pay,
  path: '/api/pay/vip_products',
  summary: '会员套餐；已登录时附带本人的会员状态与到期时间',
  response: VipProducts,
});

export const createOrder = defineCall({
  ...pay,
  ...signedIn,
  path: '/api/pay/create_order',
  summary: '下单（会员套餐 product_id 或单集 item_id），返回支付渠道收银台地址',
  query: CreateOrderQuery,
  response: CreatedOrder,
  csrf: 'required',
  rateLimit: 'payOrder',
});

export const getOrderStatus = defineCall({
  ...pay,
  ...signedIn,
  path: '/api/pay/order_status',
  summary: '订单状态；仍待支付时向支付渠道查询对账',
  query: OrderQuery,
  response: OrderStatus,
});

export const getEpisodeProduct = defineCall({
  ...pay,
  ...signedIn,
  path: '/api/pay/episode_product',
  summary: '单集购买信息：价格、标题、是否已拥有',
  query: EpisodeProductQuery,
  response: EpisodeProduct,
});

export const getOrderList = defineCall({
  ...pay,
  ...signedIn,
  path: '/api/pay/order_list',
  summary: '本人的订单，最新的在前',
  query: OrderListQuery,
  response: OrderList,
});
