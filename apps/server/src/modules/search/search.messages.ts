import {
  SEARCH_HISTORY_MAX,
  SEARCH_KEYWORD_MAX_LENGTH,
  SEARCH_MAX_PAGE,
} from '@melon/shared/contracts/search';
import type { FieldMessage } from '../../http/field-messages.ts';

/** What search says to the viewer. */
export const searchMessages = {
  keyword: `请输入 1–${SEARCH_KEYWORD_MAX_LENGTH} 个字的搜索内容`,
  keywordCharacters: '搜索内容不能包含换行、零宽字符或其他控制字符',
  keywordBlank: '请输入搜索内容',
  type: '搜索类型只能是 all、svideo、lvideo、series、pseries 或 user',
  page: `页码须为 0–${SEARCH_MAX_PAGE}`,
  extra: '纠错级别只能是 0–3',
  sort: '排序只能是 relevance 或 newest',
  duration: '时长筛选只能是 all、short、medium、long 或 xlong',
  publishTime: '发布时间筛选只能是 all、day、week、month 或 halfyear',
  searchId: '搜索编号格式不正确',
  userId: '作者编号格式不正确',
  clearWhich: '请选择要清除的搜索记录，或选择清空全部',
  clearBoth: '清除指定记录与清空全部不能同时进行',
  words: `一次最多清除 ${SEARCH_HISTORY_MAX} 条搜索记录，且不能重复`,
  operatorOnly: '仅运营人员可以查看搜索调试页',
  presetWord: '搜索你感兴趣的视频',
};

const same = (message: string): FieldMessage => ({ missing: message, invalid: message });

/** Messages for fields the request schemas refuse. */
export const searchFieldMessages: Record<string, FieldMessage> = {
  keyword: { ...same(searchMessages.keyword), pattern: searchMessages.keywordCharacters },
  word: { ...same(searchMessages.keyword), pattern: searchMessages.keywordCharacters },
  type: same(searchMessages.type),
  page: same(searchMessages.page),
  extra: same(searchMessages.extra),
  sort: same(searchMessages.sort),
  duration: same(searchMessages.duration),
  publish_time: same(searchMessages.publishTime),
  search_id: same(searchMessages.searchId),
  user_id: same(searchMessages.userId),
  words: same(searchMessages.words),
  all: same(searchMessages.clearWhich),
};
