import {
  AVATAR_MAX_BYTES,
  DESCRIPTION_MAX_LENGTH,
  NAME_CHANGE_INTERVAL_DAYS,
  NAME_MAX_LENGTH,
} from '@melon/shared/contracts/user-center';
import type { FieldMessage } from '../../http/field-messages.ts';
import { PICTURE_MAX_WAN_PIXELS } from '../../lib/picture.ts';

const AVATAR_MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/** What the user centre says to the user. */
export const userCenterMessages = {
  nothingToUpdate: '没有需要修改的内容',
  nameLength: `昵称需为 2–${NAME_MAX_LENGTH} 个字符`,
  nameCharacters: '昵称不能包含换行、零宽字符、文字方向控制符或其他控制字符',
  nameTaken: '该昵称已被使用',
  nameTooSoon: (date: string) =>
    `昵称每 ${NAME_CHANGE_INTERVAL_DAYS} 天只能修改一次，${date} 后可再次修改`,
  descriptionLength: `简介最多 ${DESCRIPTION_MAX_LENGTH} 个字`,
  descriptionCharacters: '简介不能包含零宽字符、文字方向控制符或其他控制字符',
  avatarNotMultipart: '请以表单（multipart/form-data）上传头像',
  avatarMissing: '请选择要上传的头像图片',
  avatarUnreadable: '无法读取上传的表单，请重新选择头像图片上传',
  avatarTooLarge: `头像图片不能超过 ${AVATAR_MAX_MB} MB`,
  avatarNotImage: '文件不是有效的图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片',
  avatarTooManyPixels: `图片尺寸过大，请上传 ${PICTURE_MAX_WAN_PIXELS} 万像素以内的图片`,
};

/** Messages for fields the request schemas refuse. */
export const userCenterFieldMessages: Record<string, FieldMessage> = {
  name: {
    missing: userCenterMessages.nameLength,
    invalid: userCenterMessages.nameLength,
    pattern: userCenterMessages.nameCharacters,
  },
  description: {
    missing: userCenterMessages.descriptionLength,
    invalid: userCenterMessages.descriptionLength,
    pattern: userCenterMessages.descriptionCharacters,
  },
};
