/** User-facing text of the related videos beside a playing video. */
export const relatedMessages = {
  heading: '相关推荐',
  loading: '正在加载相关推荐',
  playCount: (count: string) => `${count}次播放`,
} as const;
