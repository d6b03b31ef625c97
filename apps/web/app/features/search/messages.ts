import type { SearchType } from '@melon/shared/contracts/search';

/** What the search box and pages say. */
export const searchMessages = {
  title: '搜索',
  keywordVideos: (keyword: string) => `${keyword}相关视频`,
  label: '搜索视频',
  placeholder: '搜索你感兴趣的视频',
  submit: '搜索',
  suggestions: '搜索建议',
  history: '搜索历史',
  clearHistory: '清空',
  clearHistoryLabel: '清空搜索历史',
  hot: '热门搜索',
  guess: '猜你想搜',
  startHint: '输入关键词，搜索视频、影视和作者',
  resultsOf: (keyword: string) => `“${keyword}”的搜索结果`,
  count: (n: number) => `共 ${n} 个结果`,
  /** For screen readers: the found cards' titles are headings one level under it. */
  listHeading: '结果列表',
  tabs: '搜索结果分类',
  filters: '筛选',
  sort: '排序',
  duration: '时长',
  published: '发布时间',
  allLongVideos: (n: number) => `查看全部 ${n} 个影视`,
  empty: (keyword: string) => `没有找到与“${keyword}”相关的内容`,
  emptyHint: '换个关键词试试，或看看大家都在搜',
  loadMore: '加载更多',
  loading: '正在加载',
  loadFailed: '加载失败，请重试',
  end: '没有更多了',
  followers: (n: string) => `${n} 粉丝`,
  videos: (n: number) => `${n} 个视频`,
  plays: (n: string) => `${n} 次播放`,
  snapshotTitle: '搜索调试',
  snapshotQuery: '查询',
  snapshotTokens: '分词',
  snapshotRank: '名次',
  snapshotKind: '类型',
  snapshotName: '标题',
  snapshotScore: '总分',
  snapshotText: '文本',
  snapshotPopularity: '热度',
  snapshotFreshness: '新鲜度',
  snapshotMatched: '命中',
  snapshotEmpty: '输入关键词查看排序依据',
};

export const searchTypeLabels: Record<SearchType, string> = {
  all: '综合',
  svideo: '视频',
  lvideo: '影视',
  series: '剧集',
  pseries: '合集',
  user: '用户',
};

export const sortLabels = { relevance: '综合排序', newest: '最新发布' } as const;
export const durationLabels = {
  all: '全部时长',
  short: '10 分钟以下',
  medium: '10–30 分钟',
  long: '30–60 分钟',
  xlong: '60 分钟以上',
} as const;
export const publishedLabels = {
  all: '全部时间',
  day: '一天内',
  week: '一周内',
  month: '一月内',
  halfyear: '半年内',
} as const;
