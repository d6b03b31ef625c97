import type { LoginSource } from '@melon/shared/calls/login-sources';
import { passportMessages as t } from './messages.ts';

export type { LoginSource } from '@melon/shared/calls/login-sources';

/**
 * What asked for the login dialog (SPEC §2): each trigger has its own title. `other` is the
 * source of a 401 on a report call (SPEC §6) and reads like the plain login.
 */
export const LOGIN_TITLES = {
  default: t.title.login,
  login: t.title.login,
  other: t.title.login,
  follow: '登录后即可关注TA',
  comment: '登录后即可发表评论',
  danmaku: '登录后即可发送弹幕',
  like: '登录后即可为喜欢的视频点赞',
  recommend: '登录后即可推荐视频',
  favorite: '登录后即可收藏视频',
  favorite_list: '登录后即可查看我的收藏',
  report: '登录后即可举报',
  attention: '登录后即可查看关注的内容',
  history: '登录后即可查看观看历史',
  history_delete: '登录后即可删除观看历史',
  publish: '登录后即可发布作品',
  message: '登录后即可查看消息',
  user_center: '登录后即可进入个人中心',
  vote: '登录后即可参与投票',
  couplet: '登录后即可参与对对联',
  danmaku_reply: '登录后即可回复弹幕',
  danmaku_shield: '登录后即可设置弹幕屏蔽词',
} as const satisfies Record<LoginSource, string>;

export const loginTitle = (source: LoginSource): string => LOGIN_TITLES[source];
