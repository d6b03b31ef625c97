import { ExchangeCodeBody, ExchangeCodeResult } from '../contracts/vip.ts';
import { defineCall } from './call.ts';

/*
 * Membership redeem codes (decision 052): Melon's own call beside SPEC §7's Pay calls. Signed
 * in (a 401 opens the login prompt), limited per user and, in the route, per address.
 */

export const exchangeVipCode = defineCall({
  method: 'POST',
  path: '/api/pay/exchange_code',
  tag: 'pay',
  summary: '兑换会员兑换码：每个码只能使用一次，成功后延长会员有效期',
  body: ExchangeCodeBody,
  response: ExchangeCodeResult,
  signIn: 'required',
  onUnauthorized: { prompt: 'other' },
  rateLimit: 'vipCode',
});
