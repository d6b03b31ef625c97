import type { OauthPlatform } from '@melon/shared/contracts/passport';

/** The platforms' names as users know them. */
export const PLATFORM_NAMES: Record<OauthPlatform, string> = {
  douyin: '抖音',
  qq: 'QQ',
  weixin: '微信',
};

/** User-facing messages of third-party sign-in. */
export const oauthMessages = {
  notOffered: (platform: OauthPlatform) => `暂不支持${PLATFORM_NAMES[platform]}登录`,
  unavailable: (platform: OauthPlatform) =>
    `${PLATFORM_NAMES[platform]}登录服务暂时不可用，请稍后重试`,
  stale: '登录已超时或已在其他页面完成，请重新登录',
  cancelled: '你已取消授权，未登录',
  failed: (platform: OauthPlatform) => `${PLATFORM_NAMES[platform]}登录失败，请重新登录`,
  noConflict: '没有待处理的绑定冲突，请重新登录',
  boundElsewhere: (platform: OauthPlatform) =>
    `该${PLATFORM_NAMES[platform]}账号已绑定其他账号，请重新登录`,
  accountGone: '该账号已不存在，请重新登录',
  noVerification: '没有待验证的第三方登录，请重新登录',
  /** The number was proven, but now belongs to another account than when the sign-in started. */
  mobileMoved: '该手机号的账号已变更，请重新登录',
} as const;
