import { REPORT_DESCRIPTION_MAX_LENGTH } from '@melon/shared/contracts/report';
import type { FieldMessage } from '../../http/field-messages.ts';

/** What the report calls tell the reporter. */
export const reportMessages = {
  videoNotFound: '视频不存在',
  userNotFound: '用户不存在',
  commentNotFound: '评论不存在',
  videoMissing: '请指定要举报的视频',
  reasonMissing: '请选择举报理由',
  descriptionLength: `举报说明最多 ${REPORT_DESCRIPTION_MAX_LENGTH} 个字`,
  descriptionCharacters: '举报说明不能包含零宽字符、文字方向控制符或其他控制字符',
  descriptionNeeded: '选择“其他”时请填写举报说明',
  ownVideo: '不能举报自己的视频',
  ownself: '不能举报自己',
  ownComment: '不能举报自己的评论',
} as const;

const reason: FieldMessage = {
  missing: reportMessages.reasonMissing,
  invalid: reportMessages.reasonMissing,
};
const id = (message: string): FieldMessage => ({ missing: message, invalid: message });

/** Messages for fields the request schemas refuse. */
export const reportFieldMessages: Record<string, FieldMessage> = {
  report_type: reason,
  description: {
    missing: reportMessages.descriptionLength,
    invalid: reportMessages.descriptionLength,
    pattern: reportMessages.descriptionCharacters,
  },
  group_id: id(reportMessages.videoNotFound),
  item_id: id(reportMessages.videoNotFound),
  user_id: id(reportMessages.userNotFound),
  comment_id: id(reportMessages.commentNotFound),
};
