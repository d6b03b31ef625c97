import type { AuthorTab } from '@melon/shared/contracts/author';
import { formatCount } from '@melon/shared/format/count';

/** The author page's text (zh-CN). */
export const authorMessages = {
  tabs: {
    home: '主页',
    video: '视频',
    hotsoon: '小视频',
    series: '合集',
    pseries: '选集',
    live: '直播',
  } satisfies Record<AuthorTab, string>,
  tabsLabel: '作者主页栏目',
  fans: (n: number) => `${formatCount(n)} 粉丝`,
  following: (n: number) => `${formatCount(n)} 关注`,
  noDescription: '这个作者还没有写简介',
  certified: '认证',
  profileNote: '这是你的个人主页，仅自己可见的作品会标出',
  selfOnly: '仅自己可见',
  newest: '最新发布',
  hottest: '最多播放',
  seeAll: '查看全部',
  empty: '还没有作品',
  noLive: '暂无直播',
  loadMore: '加载更多',
  loading: '加载中…',
  loadFailed: '加载失败，请重试',
  plays: (n: number) => `${formatCount(n)} 次播放`,
  episodes: (n: number) => `共 ${n} 个视频`,
  playSeries: '播放全部',
  seriesBack: '返回合集列表',
  viewer: '小视频播放器',
  viewerHint: '↑ ↓ 方向键、滚轮或上下滑动切换',
  previous: '上一个',
  next: '下一个',
  close: '关闭',
  position: (index: number, total: number) => `${index} / ${total}`,
} as const;
