/** The series calls' answers to the user (zh-CN). */
export const seriesMessages = {
  unknownSeries: '合集不存在',
  unknownPseries: '选集不存在',
  unknownVideo: '视频不存在',
} as const;
