import type { FieldMessage } from '../../http/field-messages.ts';

/** What the related list says to the viewer. */
export const recommendMessages = {
  notFound: '视频不存在',
  groupId: '视频编号格式不正确',
  count: '相关视频条数须为 1–20',
};

/** Messages for fields the request schemas refuse. */
export const recommendFieldMessages: Record<string, FieldMessage> = {
  group_id: { missing: recommendMessages.groupId, invalid: recommendMessages.groupId },
  count: { missing: recommendMessages.count, invalid: recommendMessages.count },
};
