import type { HistoryType } from '@melon/shared/contracts/history';
import type { HistoryGroupKey } from './history-groups.ts';

/** What the watch-history page says. */
export const historyMessages = {
  title: '观看历史',
  signedOut: '登录后即可查看观看历史',
  tabs: { all: '全部', svideo: '视频', lvideo: '影视' } satisfies Record<HistoryType, string>,
  tabsLabel: '观看历史分类',
  groups: { today: '今天', yesterday: '昨天', earlier: '更早' } satisfies Record<
    HistoryGroupKey,
    string
  >,
  searchLabel: '搜索观看历史',
  searchPlaceholder: '搜索看过的视频',
  search: '搜索',
  searchResults: (keyword: string) => `“${keyword}”的搜索结果`,
  clearSearch: '返回全部历史',
  empty: '还没有观看历史，去看看感兴趣的视频吧',
  emptySearch: '没有找到相关的观看记录',
  goHome: '去首页看看',
  watchedTo: (time: string) => `看到 ${time}`,
  watchedThrough: '已看完',
  progressLabel: '观看进度',
  manage: '批量管理',
  doneManaging: '完成',
  selectEntry: (title: string) => `选择 ${title}`,
  selected: (count: number) => `已选 ${count} 项`,
  selectAll: '全选',
  deleteSelected: '删除所选',
  deleteOne: (title: string) => `删除观看记录：${title}`,
  clearAll: '清空历史',
  clearTitle: '清空全部观看历史？',
  clearText: '清空后无法恢复，所有设备上的观看记录和播放进度都会被删除。',
  confirmClear: '清空',
  cancel: '取消',
  deleted: (count: number) => `已删除 ${count} 条观看记录`,
  cleared: '观看历史已清空',
  loadMore: '加载更多',
  loading: '加载中…',
  failed: '操作失败，请稍后重试',
};
