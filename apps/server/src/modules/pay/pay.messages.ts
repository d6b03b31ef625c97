/** The pay calls' answers to the user (zh-CN). */
export const payMessages = {
  unavailable: '支付暂不可用',
  providerUnavailable: '该支付方式暂不可用',
  oneProduct: '请选择一个会员套餐或一集付费内容',
  unknownProduct: '会员套餐不存在',
  unknownEpisode: '剧集不存在',
  notForSale: '该剧集无需单独购买',
  alreadyOwned: '你已购买该剧集',
  episodeOrderWaiting: (provider: string) =>
    `该剧集已有一笔待支付的${provider}订单，请完成支付，或待它过期后再换支付方式`,
  unknownOrder: '订单不存在',
  notRefundable: '该订单不能退款',
  unknownProvider: '支付渠道不存在',
} as const;

const PROVIDER_NAMES: Readonly<Record<string, string>> = { alipay: '支付宝', wechat: '微信支付' };

/** A provider's name as the buyer knows it. */
export const providerName = (provider: string): string => PROVIDER_NAMES[provider] ?? provider;
