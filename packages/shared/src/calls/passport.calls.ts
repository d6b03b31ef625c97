import Type from 'typebox';
import {
  AccountInfo,
  CodeSent,
  EmailRegisterBody,
  PasswordLoginBody,
  PasswordResetBody,
  QrCheck,
  QrCheckQuery,
  QrCode,
  QrScanResult,
  RevokeSessionBody,
  ScanQrBody,
  SendEmailCodeBody,
  SendSmsCodeBody,
  SessionList,
  SessionRevoked,
  SmsLoginBody,
} from '../contracts/passport.ts';
import { defineCall } from './call.ts';

/**
 * What every passport call shares: its group, and the SPEC §6 rule that its 401 is no reason to
 * leave the page: the page asks whether someone is signed in, or answers a 401 itself.
 */
const passportCall = { tag: 'passport', onUnauthorized: 'ignore' } as const;

/** A sign-in or registration: answers the account now signed in on this browser. */
const signInCall = {
  ...passportCall,
  method: 'POST',
  response: AccountInfo,
  rateLimit: 'signIn',
} as const;

/** The signed-in account; 401 for a visitor. */
export const getAccountInfo = defineCall({
  ...passportCall,
  method: 'GET',
  path: '/passport/web/account/info/',
  summary: '当前登录账号',
  response: AccountInfo,
  signIn: 'required',
  rateLimit: 'passport',
});

/** Signs this browser out; a visitor is answered the same. */
export const logout = defineCall({
  ...passportCall,
  method: 'POST',
  path: '/passport/web/logout/',
  summary: '退出登录（本设备）',
  response: Type.Null(),
  rateLimit: 'passport',
});

/** The user centre's signed-in devices. */
export const getSessions = defineCall({
  ...passportCall,
  method: 'GET',
  path: '/passport/web/sessions/',
  summary: '已登录的设备',
  response: SessionList,
  signIn: 'required',
  rateLimit: 'passport',
});

export const revokeSession = defineCall({
  ...passportCall,
  method: 'POST',
  path: '/passport/web/sessions/revoke/',
  summary: '让一个设备退出登录（本设备则退出登录）',
  body: RevokeSessionBody,
  response: SessionRevoked,
  signIn: 'required',
  rateLimit: 'passport',
});

/** A 6-digit code to a mainland mobile number. */
export const sendSmsCode = defineCall({
  ...passportCall,
  method: 'POST',
  path: '/passport/web/send_code/',
  summary: '发送短信验证码（登录、注册、重置密码）',
  body: SendSmsCodeBody,
  response: CodeSent,
  rateLimit: 'sendCode',
});

export const sendEmailCode = defineCall({
  ...passportCall,
  method: 'POST',
  path: '/passport/web/email/send_code/',
  summary: '发送邮箱验证码（注册）',
  body: SendEmailCodeBody,
  response: CodeSent,
  rateLimit: 'sendCode',
});

/** Signs in with a code, creating the account on first use. */
export const smsLogin = defineCall({
  ...signInCall,
  path: '/passport/web/sms_login/',
  summary: '短信验证码登录（首次登录即注册）',
  body: SmsLoginBody,
});

/** The account is a mobile number, an email or a user name. */
export const passwordLogin = defineCall({
  ...signInCall,
  path: '/passport/web/user/login/',
  summary: '账号密码登录（手机号、邮箱或用户名）',
  body: PasswordLoginBody,
});

export const emailRegister = defineCall({
  ...signInCall,
  path: '/passport/web/email/register/',
  summary: '邮箱注册',
  body: EmailRegisterBody,
});

/** Signs in here and ends every other session of the user. */
export const resetPassword = defineCall({
  ...signInCall,
  path: '/passport/web/password/reset/',
  summary: '通过短信验证码重置密码（其他设备全部退出登录）',
  body: PasswordResetBody,
});

/** A new scan-code login token and its code (SPEC §4). */
export const getQrcode = defineCall({
  ...passportCall,
  method: 'GET',
  path: '/passport/web/get_qrcode/',
  summary: '获取扫码登录二维码',
  response: QrCode,
  rateLimit: 'passport',
});

/** The code's status, polled every 2 s; confirmed signs this browser in. */
export const checkQrconnect = defineCall({
  ...passportCall,
  method: 'GET',
  path: '/passport/web/check_qrconnect/',
  summary: '查询扫码状态；已确认时本浏览器登录',
  query: QrCheckQuery,
  response: QrCheck,
  rateLimit: 'qrPoll',
});

/** The signed-in phone scans, confirms or cancels. */
export const scanQrcode = defineCall({
  ...passportCall,
  method: 'POST',
  path: '/passport/web/scan_qrcode/',
  summary: '手机端扫码、确认或取消登录',
  body: ScanQrBody,
  response: QrScanResult,
  signIn: 'required',
  rateLimit: 'passport',
});
