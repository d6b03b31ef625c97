import type { CodePurpose } from '@melon/shared/contracts/passport';
import type { FieldMessage } from '../../http/field-messages.ts';

/** What the passport says to the user: the login dialog shows these as they are. */
export const passportMessages = {
  passwordRule: '密码需为 8–64 位，且同时包含字母和数字',
  codeNotSent: '请先获取验证码',
  codeWrong: (triesLeft: number) => `验证码错误，还可以再试 ${triesLeft} 次`,
  codeExpired: '验证码已过期，请重新获取',
  codeUsed: '验证码已使用，请重新获取',
  codeExhausted: '验证码错误次数过多，请重新获取',
  sendTooSoon: (wait: string) => `验证码发送过于频繁，请 ${wait}后再试`,
  sendDailyLimit: (wait: string) => `今日获取验证码次数已达上限，请 ${wait}后再试`,
  sendFailed: '验证码发送失败，请稍后重试',
  emailCodeRegisterOnly: '邮箱验证码目前只用于注册',
  mobileNotRegistered: '该手机号尚未注册',
  emailTaken: '该邮箱已注册，请直接登录',
  /** One message for an unknown account and a wrong password: it must not tell them apart. */
  wrongCredentials: '账号或密码错误',
  captchaAfterFailures: '失败次数过多，请完成安全验证',
  /** The same for every account, known or not. */
  passwordBackoff: (wait: string) => `密码错误次数过多，请 ${wait}后再试`,
  /** Sent instead of a reset code to a number without an account. */
  resetWithoutAccountNotice:
    '【甜瓜视频】有人正在为此手机号重置密码，但该手机号尚未注册甜瓜视频，可直接用验证码登录。如非本人操作，请忽略。',
  /** Sent instead of a registration code to an address that has an account. */
  emailRegisteredNotice:
    '【甜瓜视频】有人正在用此邮箱注册，但该邮箱已注册甜瓜视频，请直接登录；忘记密码可通过手机号重置。如非本人操作，请忽略。',
};

/** Messages for fields the request schemas refuse. */
export const passportFieldMessages: Record<string, FieldMessage> = {
  mobile: { missing: '手机号不能为空', invalid: '请输入正确的手机号' },
  code: { missing: '请输入验证码', invalid: '验证码为 6 位数字' },
  email: { missing: '邮箱不能为空', invalid: '请输入正确的邮箱地址' },
  password: { missing: '请输入密码', invalid: passportMessages.passwordRule },
  account: { missing: '请输入手机号、邮箱或用户名', invalid: '请输入手机号、邮箱或用户名' },
  type: { missing: '缺少验证码类型', invalid: '验证码类型不正确' },
};

const SITE = '甜瓜视频';
const ACTIONS: Record<CodePurpose, string> = {
  login: '登录',
  register: '注册',
  reset: '重置密码',
};

/** The text of a code message, SMS or email. */
export const codeText = (purpose: CodePurpose, code: string, minutes: number): string =>
  `【${SITE}】您正在${ACTIONS[purpose]}，验证码 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略。`;

export const codeEmailSubject = (purpose: CodePurpose): string =>
  `${SITE}${ACTIONS[purpose]}验证码`;
