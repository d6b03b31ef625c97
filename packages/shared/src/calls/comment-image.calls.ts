import { CommentImageUploaded, UploadCommentImageQuery } from '../contracts/comment-image.ts';
import { defineCall } from './call.ts';

/**
 * A comment's picture (multipart field `image`), sent by XMLHttpRequest for its progress
 * events; answered with message `success` (SPEC §5). The picker shows any refusal, a 401
 * included, in its own words, as the avatar uploader does.
 */
export const uploadCommentImage = defineCall({
  method: 'POST',
  path: '/spice/image',
  tag: 'comment',
  summary: '上传评论图片（multipart 字段 image，最大 5 MB）',
  query: UploadCommentImageQuery,
  encoding: 'multipart',
  response: CommentImageUploaded,
  signIn: 'required',
  onUnauthorized: 'ignore',
  rateLimit: 'commentImageUpload',
});
