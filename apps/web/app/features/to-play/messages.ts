/** The to-play basket 待播 (zh-CN). */
export const toPlayMessages = {
  basket: '待播',
  basketLabel: (count: number) => `待播（${count} 个）`,
  heading: '待播',
  count: (count: number, max: number) => `${count}/${max}`,
  empty: '待播是空的：在视频卡片或视频页点「待播」加入',
  loading: '正在加载…',
  playAll: '播放全部',
  clear: '清空',
  remove: '移出',
  removeNamed: (title: string) => `移出待播：${title}`,
  add: '待播',
  added: '已加待播',
  /** A card's button names its video after what it shows (the visible text first). */
  addNamed: (title: string) => `待播：${title}`,
  addedNamed: (title: string) => `已加待播：${title}`,
  addedToast: '已加入待播',
  removedToast: '已移出待播',
  clearedToast: '已清空待播',
  full: (max: number) => `待播最多 ${max} 个，请先移出一些`,
  mergeSkipped: (count: number) => `有 ${count} 个视频未能并入待播（已失效或超出上限）`,
  failed: '操作失败，请稍后再试',
} as const;
