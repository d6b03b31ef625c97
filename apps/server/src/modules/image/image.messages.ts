import { COMMENT_IMAGE_MAX_BYTES } from '@melon/shared/contracts/comment-image';
import { PICTURE_MAX_WAN_PIXELS } from '../../lib/picture.ts';

const MAX_MB = COMMENT_IMAGE_MAX_BYTES / (1024 * 1024);

/** What the comment picture upload says to the user. */
export const imageMessages = {
  notMultipart: '请以表单（multipart/form-data）上传图片',
  missing: '请选择要上传的图片',
  unreadable: '无法读取上传的表单，请重新选择图片上传',
  tooLarge: `图片不能超过 ${MAX_MB} MB`,
  notImage: '文件不是有效的图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片',
  tooManyPixels: `图片尺寸过大，请上传 ${PICTURE_MAX_WAN_PIXELS} 万像素以内的图片`,
};
