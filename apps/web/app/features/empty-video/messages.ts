/** The page of a missing or deleted video: /EmptyAnyVideo, and a video address whose video is gone (decision 056). */
export const emptyVideoMessages = {
  title: '视频不存在',
  text: '该视频不存在或已被删除，可能是作者删除了视频，或链接有误。',
  backHome: '返回首页',
  search: '去搜索',
  recommended: '为你推荐',
} as const;
