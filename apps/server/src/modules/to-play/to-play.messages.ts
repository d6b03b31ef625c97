/** The to-play calls' answers to the user (zh-CN). */
export const toPlayMessages = {
  unknownVideo: '视频不存在',
  nothingToPlay: '这部影视暂时没有可播放的剧集',
  notPlayable: '只能把视频或影视加入待播',
  basketFull: (max: number) => `待播最多 ${max} 个，请先移出一些`,
} as const;
