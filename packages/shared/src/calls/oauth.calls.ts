import Type from 'typebox';
import {
  BindConflict,
  BindConflictResolved,
  BindVerification,
  BindVerified,
  CodeSent,
  ConfirmBindVerificationBody,
  OauthLoginQuery,
  OauthPlatformList,
  ResolveBindConflictBody,
} from '../contracts/passport.ts';
import { defineCall } from './call.ts';

/** Third-party sign-in (SPEC §6): its 401 is the page's own business, like the passport's. */
const oauthCall = { tag: 'passport', onUnauthorized: 'ignore', rateLimit: 'passport' } as const;

/** The third-party platforms this site is configured for. */
export const getOauthPlatforms = defineCall({
  ...oauthCall,
  method: 'GET',
  path: '/passport/auth/platforms/',
  summary: '已开通的第三方登录平台',
  response: OauthPlatformList,
});

/**
 * Where the browser goes to sign in at a platform: the answer is a redirect to the provider,
 * never an envelope, so pages link to it (`oauthLogin.path`) rather than call it. A platform
 * not offered is answered 404, one that cannot be reached 503.
 */
export const oauthLogin = defineCall({
  ...oauthCall,
  method: 'GET',
  path: '/passport/auth/login/',
  summary: '跳转到第三方平台登录',
  query: OauthLoginQuery,
  response: Type.Null(),
});

/** The pending bind conflict of this browser (SPEC §8); 404 when there is none. */
export const getBindConflict = defineCall({
  ...oauthCall,
  method: 'GET',
  path: '/passport/auth/bind_conflict/',
  summary: '本浏览器待处理的第三方账号绑定冲突',
  response: BindConflict,
});

/** 'switch' signs in (the account); 'unbind' answers null. 'Back to log in' needs no call. */
export const resolveBindConflict = defineCall({
  ...oauthCall,
  method: 'POST',
  path: '/passport/auth/bind_conflict/resolve/',
  summary: '处理绑定冲突：换绑并登录，或解除原绑定',
  body: ResolveBindConflictBody,
  response: BindConflictResolved,
});

/** The pending SMS check of this browser's third-party sign-in; 404 when there is none. */
export const getBindVerification = defineCall({
  ...oauthCall,
  method: 'GET',
  path: '/passport/auth/bind_verify/',
  summary: '第三方登录待验证的手机号',
  response: BindVerification,
});

/** Sends the code to the pending number, under the limits of every code (decision 004). */
export const sendBindVerificationCode = defineCall({
  ...oauthCall,
  rateLimit: 'sendCode',
  method: 'POST',
  path: '/passport/auth/bind_verify/send_code/',
  summary: '向第三方账号的手机号发送验证码',
  response: CodeSent,
});

/** Checks the code: binds and signs in, or leads on to the bind conflict. */
export const confirmBindVerification = defineCall({
  ...oauthCall,
  rateLimit: 'signIn',
  method: 'POST',
  path: '/passport/auth/bind_verify/confirm/',
  summary: '验证手机号后绑定第三方账号并登录',
  body: ConfirmBindVerificationBody,
  response: BindVerified,
});
