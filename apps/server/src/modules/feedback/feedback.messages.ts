import {
  FEEDBACK_CLIENT_FIELDS,
  FEEDBACK_DESCRIPTION_MAX_LENGTH,
  FEEDBACK_DESCRIPTION_MIN_LENGTH,
  FEEDBACK_IMAGES_MAX_COUNT,
} from '@melon/shared/contracts/feedback';
import type { FieldMessage } from '../../http/field-messages.ts';

/** What the feedback calls tell the sender (decision 060). */
export const feedbackMessages = {
  notMultipart: '请以表单（multipart/form-data）提交反馈',
  category: '请选择反馈类型',
  descriptionShort: `请描述你遇到的问题，至少 ${FEEDBACK_DESCRIPTION_MIN_LENGTH} 个字`,
  descriptionLength: `问题描述最多 ${FEEDBACK_DESCRIPTION_MAX_LENGTH} 个字`,
  descriptionCharacters: '问题描述不能包含零宽字符、文字方向控制符或其他控制字符',
  contact: '请填写正确的手机号或邮箱',
  imagesCount: `截图最多 ${FEEDBACK_IMAGES_MAX_COUNT} 张`,
  imageInvalid: '截图无效，请重新上传',
  client: '客户端信息无效，请刷新页面后重试',
} as const;

const same = (message: string): FieldMessage => ({ missing: message, invalid: message });

/** Messages for fields the form's schema refuses. */
export const feedbackFieldMessages: Record<string, FieldMessage> = {
  category: same(feedbackMessages.category),
  description: {
    missing: feedbackMessages.descriptionShort,
    invalid: feedbackMessages.descriptionLength,
    pattern: feedbackMessages.descriptionCharacters,
  },
  contact: same(feedbackMessages.contact),
  image_uris: same(feedbackMessages.imageInvalid),
  ...Object.fromEntries(
    FEEDBACK_CLIENT_FIELDS.map((field) => [field, same(feedbackMessages.client)]),
  ),
};
