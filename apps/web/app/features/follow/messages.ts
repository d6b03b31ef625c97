/** User-facing text of following authors and of /my/attention. */
export const followMessages = {
  follow: '关注',
  following: '已关注',
  unfollow: '取消关注',
  followed: '关注成功',
  unfollowed: '已取消关注',
  failed: '操作失败，请稍后再试',
  fans: (count: string) => `${count}粉丝`,
  title: '我的关注',
  authorsHeading: '关注的作者',
  videos: '最新视频',
  noAuthors: '还没有关注任何作者，去视频页点击「关注」吧',
  noVideos: '关注的作者还没有发布视频',
  more: '加载更多',
  loading: '加载中…',
  signedOut: '登录后即可查看关注的内容',
} as const;
