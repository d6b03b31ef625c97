/** The series manager's answers to the user (zh-CN). */
export const studioSeriesMessages = {
  emptyTitle: '请填写合集名称',
  unknownSeries: '合集不存在',
  notOwner: '只能管理自己的合集',
  notOwnVideo: '只能加入自己的视频',
  unknownVideo: '视频不存在',
  coverNotInSeries: '封面须取自合集内的视频',
  tooManySeries: (max: number) => `最多创建 ${max} 个合集`,
} as const;
