/** Chinese texts of the video calls. */
export const videoMessages = {
  processing: '视频转码中，请稍后再来',
  failed: '视频处理失败',
  noMedia: '该视频暂无可播放的资源',
  notFound: '视频不存在',
  groupIdRequired: '缺少 group_id',
  refreshTokenInvalid: 'refreshToken 无效',
  refreshTokenExpired: 'refreshToken 已过期，请刷新页面',
  noPreview: '该视频没有预览片段',
  mediaNotReady: '视频尚未就绪',
} as const;
