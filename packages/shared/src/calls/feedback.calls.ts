import { FeedbackForm, FeedbackImageUploaded, FeedbackPosted } from '../contracts/feedback.ts';
import { defineCall } from './call.ts';

/*
 * The feedback form 意见反馈 (SPEC §7 Other, decision 060), for visitors and signed-in users:
 * screenshots first, one call each, then the form naming them. Both multipart, both behind the
 * anti-forgery check as every POST; counted per user (a visitor per address) and per address.
 */

export const uploadFeedbackImage = defineCall({
  method: 'POST',
  path: '/feedback/image/v1/upload/',
  tag: 'feedback',
  summary: '上传意见反馈截图（multipart：watermark、aid、app_name、image，最大 5 MB）',
  encoding: 'multipart',
  response: FeedbackImageUploaded,
  onUnauthorized: 'ignore',
  rateLimit: 'feedbackImageUpload',
});

export const postFeedback = defineCall({
  method: 'POST',
  path: '/feedback/2/post_message/',
  tag: 'feedback',
  summary: '提交意见反馈（multipart 表单：类别、描述、联系方式、截图与客户端字段）',
  encoding: 'multipart',
  body: FeedbackForm,
  response: FeedbackPosted,
  onUnauthorized: 'ignore',
  rateLimit: 'feedback',
});
