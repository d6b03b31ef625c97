import { TAG_MAX_COUNT, TAG_MAX_LENGTH, TITLE_MAX_LENGTH } from '@melon/shared/contracts/publish';
import type { StudioVisibility } from '@melon/shared/contracts/studio';

/** User-facing text of 我的视频, the edit page and 数据中心. */
export const studioVideoMessages = {
  empty: '还没有视频，去发布第一个吧',
  loadMore: '加载更多',
  loadFailed: '加载失败，请稍后重试',
  listLabel: '我的视频列表',
  state: {
    processing: '转码中',
    queued: '等待转码',
    ready: '已发布',
    failed: '转码失败',
  },
  transcodeLabel: '转码进度',
  visibility: {
    15: '仅自己可见',
    20: '仅主页可见',
    60: '公开',
  } satisfies Record<StudioVisibility, string>,
  otherVisibility: '公开',
  stats: { plays: '播放', likes: '点赞', comments: '评论', danmaku: '弹幕' },
  edit: '编辑',
  analytics: '数据',
  delete: '删除',
  watch: '查看',
  editHeading: '编辑视频',
  cover: {
    label: '封面',
    current: '当前封面',
    upload: '上传新封面',
    uploading: (percent: number) => `上传中 ${percent}%`,
    hint: '支持 JPG、PNG、WebP、GIF、AVIF，不超过 5MB，将裁成 16:9',
    notReady: '视频转码完成后才能更换封面',
    done: '封面已更新',
  },
  fields: {
    title: '标题',
    abstract: '简介',
    tags: '标签',
    tagsHint: `用空格分隔，最多 ${TAG_MAX_COUNT} 个`,
    channel: '频道',
    visibility: '可见范围',
    opening: '片头结束',
    ending: '片尾开始',
    markHint: '格式 分:秒，例如 1:30；留空表示没有',
  },
  titleRequired: '请填写标题',
  titleTooLong: `标题不能超过 ${TITLE_MAX_LENGTH} 个字`,
  tags: `最多 ${TAG_MAX_COUNT} 个标签，每个不超过 ${TAG_MAX_LENGTH} 个字`,
  markFormat: '请按 分:秒 填写，例如 1:30',
  markOutside: '不能超过视频时长',
  markOrder: '片尾须在片头之后',
  save: '保存',
  saving: '保存中…',
  saved: '已保存',
  back: '返回我的视频',
  confirmDelete: {
    title: '删除视频',
    body: (title: string) => `确定删除《${title}》吗？视频文件会一并删除，无法恢复。`,
    confirm: '确认删除',
    cancel: '取消',
  },
  deleted: '视频已删除',
  failed: '操作失败，请稍后重试',
  signedOut: '登录后即可管理你的视频',
  analyticsPick: '选择一个视频查看它的数据',
  playsHeading: '近 30 天播放量',
  retentionHeading: '观众留存',
  playsSummary: (total: number, peak: string, peakPlays: number) =>
    total === 0
      ? '近 30 天没有播放'
      : `近 30 天共播放 ${total} 次，${peak} 最多（${peakPlays} 次）`,
  retentionSummary: (viewers: number, half: number | null) =>
    viewers === 0
      ? '还没有登录观众的观看进度'
      : `${viewers} 位登录观众；${half === null ? '看到一半的不足五成' : `五成观众看到 ${half}%`}`,
  noRetention: '还没有观看进度，暂无留存数据',
  tableDate: '日期',
  tablePlays: '播放',
  tablePoint: '进度',
  tableShare: '仍在观看',
  showTable: '查看数据表',
  chartLoading: '图表加载中…',
} as const;
