/** The cinema calls' answers to the user (zh-CN). */
export const cinemaMessages = {
  unknownAlbum: '专辑不存在',
  unknownChannel: '片库分类不存在',
  unknownFilter: (row: string, value: string) => `筛选项「${row}」没有「${value}」这一项`,
  unknownBlocks: (ids: readonly string[], known: readonly string[]) =>
    `未知的区块 ${ids.join('、')}，可选：${known.join('、')}`,
  rowNames: {
    genre: '类型',
    region: '地区',
    year: '年份',
    paid: '付费',
    sort: '排序',
  },
  all: '全部',
  paid: { free: '免费', vip: '会员' },
  sort: { hot: '最热', new: '最新', score: '高分' },
  decade: (decade: number) => `${decade}年代`,
  earlier: '更早',
  film: '正片',
  clipLabels: {
    trailer: '预告',
    focus: '看点',
    edit: '剪辑',
    footage: '花絮',
    raw: '片段',
  },
  episodeLabel: (n: number, period: boolean) => `第${n}${period ? '期' : '集'}`,
  complete: (n: number, period: boolean) => `全${n}${period ? '期' : '集'}`,
  updating: (n: number, period: boolean) => `更新至第${n}${period ? '期' : '集'}`,
} as const;
