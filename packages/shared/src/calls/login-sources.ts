/**
 * What asked for the login dialog (SPEC §2): each trigger has its own title in the web app.
 * `other` is the source a 401 on a report call opens (SPEC §6) and reads like the plain login.
 */
export const LOGIN_SOURCES = [
  'default',
  'login',
  'other',
  'follow',
  'comment',
  'danmaku',
  'like',
  'recommend',
  'favorite',
  'favorite_list',
  'report',
  'attention',
  'history',
  'history_delete',
  'publish',
  'message',
  'user_center',
  'vote',
  'couplet',
  'danmaku_reply',
  'danmaku_shield',
] as const;

export type LoginSource = (typeof LOGIN_SOURCES)[number];
