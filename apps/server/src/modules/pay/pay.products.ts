import type { VipPlan } from '@melon/shared/contracts/pay';

/*
 * The membership plans on sale (decision 048). The price an order charges is copied into the
 * order when it is made, so changing a plan here never changes what a pending order costs.
 */
export const VIP_PLANS: readonly VipPlan[] = [
  {
    id: 'vip_month',
    title: '月度会员',
    days: 31,
    price_fen: 2500,
    original_price_fen: 3000,
    tag: '',
  },
  {
    id: 'vip_quarter',
    title: '季度会员',
    days: 93,
    price_fen: 6800,
    original_price_fen: 9000,
    tag: '热门',
  },
  {
    id: 'vip_year',
    title: '年度会员',
    days: 366,
    price_fen: 24800,
    original_price_fen: 36000,
    tag: '超值',
  },
];

export const findVipPlan = (id: string): VipPlan | undefined =>
  VIP_PLANS.find((plan) => plan.id === id);

/** An unpaid order stops being payable this long after it is made. */
export const ORDER_PAYABLE_MS = 15 * 60_000;
