/** What the author reads beside the processing bar. */
export const uploadProgressMessages = {
  queued: '排队等待处理',
  processing: '视频处理中',
  retrying: '处理遇到问题，正在重试',
  ready: '处理完成，视频已发布',
  failed: '视频处理失败',
  notFound: '视频不存在或不是上传的视频',
  notAuthor: '只有视频作者可以查看处理进度',
  tooManyStreams: (max: number) => `同一网络最多同时查看 ${max} 个处理进度`,
} as const;
