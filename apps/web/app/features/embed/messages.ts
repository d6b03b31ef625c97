/** Text of the embeddable player /iframe/:mixId (decision 057). */
export const embedMessages = {
  player: '嵌入播放器',
  watchOnSite: (title: string) => `在甜瓜视频观看：${title}`,
  missing: '视频不存在或已删除',
  failed: '播放器加载失败，请稍后再试',
  visitSite: '去甜瓜视频看看',
  previewEnded: '试看结束',
  watchFull: '到甜瓜视频观看完整版',
} as const;
