import { HISTORY_DELETE_MAX, HISTORY_KEYWORD_MAX_LENGTH } from '@melon/shared/contracts/history';
import type { FieldMessage } from '../../http/field-messages.ts';

/** What the watch history says to the viewer. */
export const historyMessages = {
  notFound: '视频不存在',
  notPlayable: '只有视频和剧集可以记录观看进度',
  deleteWhich: '请选择要删除的观看记录，或选择清空全部',
  deleteBoth: '删除指定记录与清空全部不能同时进行',
  contentIds: `一次最多删除 ${HISTORY_DELETE_MAX} 条观看记录，且不能重复`,
  contentId: '视频编号格式不正确',
  progress: '观看进度须为不小于 0 的秒数',
  keyword: `请输入 1–${HISTORY_KEYWORD_MAX_LENGTH} 个字的搜索内容`,
  keywordCharacters: '搜索内容不能包含换行、零宽字符或其他控制字符',
  type: '观看历史分类只能是 all、svideo 或 lvideo',
  cursor: '翻页位置不正确，请刷新页面',
  count: '每页条数须为 1–50',
};

/** Messages for fields the request schemas refuse. */
export const historyFieldMessages: Record<string, FieldMessage> = {
  content_id: { missing: historyMessages.contentId, invalid: historyMessages.contentId },
  content_ids: { missing: historyMessages.deleteWhich, invalid: historyMessages.contentIds },
  all: { missing: historyMessages.deleteWhich, invalid: historyMessages.deleteWhich },
  progress: { missing: historyMessages.progress, invalid: historyMessages.progress },
  keyword: {
    missing: historyMessages.keyword,
    invalid: historyMessages.keyword,
    pattern: historyMessages.keywordCharacters,
  },
  type: { missing: historyMessages.type, invalid: historyMessages.type },
  cursor: { missing: historyMessages.cursor, invalid: historyMessages.cursor },
  count: { missing: historyMessages.count, invalid: historyMessages.count },
};
