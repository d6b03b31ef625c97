import { CaptchaChallenge } from '../contracts/passport.ts';
import { defineCall } from './call.ts';

/**
 * An ALTCHA proof-of-work challenge (SPEC §4). Over its limit a caller gets a plain 429, never
 * a captcha: this call is how a captcha is solved.
 */
export const getCaptchaChallenge = defineCall({
  method: 'GET',
  path: '/passport/web/captcha/challenge/',
  tag: 'passport',
  summary: '获取安全验证（ALTCHA 工作量证明）题目',
  response: CaptchaChallenge,
  onUnauthorized: 'ignore',
  rateLimit: 'captchaChallenge',
});
