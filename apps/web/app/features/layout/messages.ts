/** User-facing text of the site frame: header, side menu, back-to-top button. */
export const layoutMessages = {
  siteName: '甜瓜视频',
  homeLink: '甜瓜视频首页',
  skipToContent: '跳到主要内容',
  login: '登录',
  userCenter: '个人中心',
  creatorStudio: '创作中心',
  vipCenter: '会员中心',
  logout: '退出登录',
  desktopApp: '客户端',
  channelsLabel: '频道',
  personalLabel: '我的',
  watchHistory: '观看历史',
  favorites: '我的收藏',
  attention: '我的关注',
  footerLinks: '更多',
  downloadApp: '下载客户端',
  tort: '侵权投诉',
  backToTop: '回到顶部',
} as const;

/** The browser tab title of a page. */
export function documentTitle(page?: string): string {
  return page
    ? `${page} - ${layoutMessages.siteName}`
    : `${layoutMessages.siteName} - 发现好看的视频`;
}
