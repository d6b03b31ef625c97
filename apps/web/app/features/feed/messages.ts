/** User-facing text of video feeds and their cards. */
export const feedMessages = {
  homeHeading: '推荐视频',
  channelDescription: (name: string) => `甜瓜视频${name}频道：最新、最热的${name}视频，每天更新。`,
  playCount: (count: string) => `${count}次播放`,
  duration: (text: string) => `时长 ${text}`,
  loading: '正在加载更多视频',
  endOfFeed: '没有更多了',
  empty: '这里还没有视频，去别的频道看看吧',
  loadFailed: '加载失败，请检查网络后重试',
  retry: '重试',
} as const;
