import { admissionMessage, formatBytes } from '@melon/media/admission-messages';

/** What the uploader reads (zh-CN), for the tus endpoint and the publish call. */
export const uploadMessages = {
  notFound: '上传不存在或已过期，请重新上传',
  tooLarge: (maxBytes: number) =>
    admissionMessage('too_large', { maxBytes, maxDurationSeconds: 0 }),
  quotaExceeded: (quotaBytes: number, usedBytes: number) =>
    `存储空间不足：每位用户最多可存 ${formatBytes(quotaBytes)} 视频，已用 ${formatBytes(usedBytes)}，请删除不需要的视频后再上传`,
  diskFull: '服务器存储空间不足，暂时无法上传，请稍后再试',
  lengthRequired: '请在开始上传时给出文件大小（Upload-Length）',
  metadataMalformed: '上传信息（Upload-Metadata）格式错误',
  filename: {
    missing: '缺少文件名',
    invalid: '文件名不合法：最多 255 个字符，且不能含控制字符',
  },
  filetype: { missing: '缺少文件类型', invalid: '文件类型不合法' },
  ownerId: { missing: '', invalid: '上传信息中含有不允许的字段 owner_id' },
  tooFrequent: (wait: string) => `上传过于频繁，请 ${wait}后再试`,
  offsetConflict: '上传进度与服务器不一致，请重试',
  expired: '上传已过期，请重新上传',
  beyondLength: '上传的数据超出了文件大小',
  finishedCannotDelete: '已上传完成的文件不能取消，请直接发布或等待其过期',
  failed: '上传失败，请稍后重试',
  incomplete: '文件还没有上传完成',
  title: { missing: '请填写标题', invalid: '标题需为 1–80 个字符，且不能含控制字符' },
  abstract: { missing: '', invalid: '简介最多 2000 个字符' },
  tags: { missing: '', invalid: '标签最多 10 个，每个 1–20 个字符' },
  channel: { missing: '请选择频道', invalid: '请选择有效的频道' },
  coverTime: { missing: '', invalid: '封面时间不合法' },
  uploadId: { missing: '缺少上传编号', invalid: '上传编号不合法' },
} as const;
