import { AccountInfo } from '../contracts/passport.ts';
import {
  AvatarUploaded,
  CanUpdateInfo,
  IsLogout,
  UpdateUserInfoBody,
} from '../contracts/user-center.ts';
import { defineCall } from './call.ts';

/** Whether this browser is signed out. */
export const getIsLogout = defineCall({
  method: 'GET',
  path: '/api/userv2/is_logout',
  tag: 'user',
  summary: '当前是否未登录',
  response: IsLogout,
});

/** Whether the name may change now; the user centre shows its signed-out state on a 401. */
export const getCanUpdateInfo = defineCall({
  method: 'GET',
  path: '/api/userv2/profile/can_update_info',
  tag: 'user',
  summary: '昵称是否可以修改',
  response: CanUpdateInfo,
  signIn: 'required',
  onUnauthorized: 'ignore',
});

/** Name and description: the fields given change, the others stay; answers the account. */
export const updateUserInfo = defineCall({
  method: 'POST',
  path: '/web/user/update/user_info/',
  tag: 'user',
  summary: '修改昵称与简介（表单或 JSON）',
  body: UpdateUserInfoBody,
  encoding: 'form',
  response: AccountInfo,
  signIn: 'required',
  rateLimit: 'profileUpdate',
});

/**
 * The avatar (multipart field `avatar`), sent by XMLHttpRequest for its progress events; the
 * uploader shows a refusal, a 401 included, in its own words.
 */
export const uploadAvatar = defineCall({
  method: 'POST',
  path: '/web/user/update/upload_avatar/',
  tag: 'user',
  summary: '上传头像（multipart 字段 avatar，最大 5 MB）',
  encoding: 'multipart',
  response: AvatarUploaded,
  signIn: 'required',
  onUnauthorized: 'ignore',
  rateLimit: 'avatarUpload',
});
