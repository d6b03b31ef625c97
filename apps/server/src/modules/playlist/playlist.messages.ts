/** The playlist calls' answers to the user (zh-CN). */
export const playlistMessages = {
  emptyTitle: '请填写列表名称',
  unknownUser: '用户不存在',
  unknownPlaylist: '播放列表不存在',
  unknownVideo: '视频不存在',
  notOwner: '只能修改自己的播放列表',
  tooManyPlaylists: (max: number) => `最多创建 ${max} 个播放列表`,
  playlistFull: (max: number) => `一个播放列表最多 ${max} 个视频`,
} as const;
