/** User-facing text of the creator studio's frame (each section keeps its own). */
export const studioMessages = {
  title: '创作中心',
  navLabel: '创作中心栏目',
  sections: {
    videos: '我的视频',
    series: '合集管理',
    analytics: '数据中心',
    certification: '创作者认证',
  },
  publish: '发布视频',
  signedOut: '登录后即可进入创作中心',
} as const;
