import { formatDuration } from '@melon/shared/format/duration';

export type AdmissionCode =
  | 'unsupported_format'
  | 'unreadable'
  | 'no_video'
  | 'still_image'
  | 'too_short'
  | 'too_long'
  | 'too_large';

export interface AdmissionLimits {
  maxBytes: number;
  maxDurationSeconds: number;
}

/** What the uploader reads when a file is refused, one message per code (zh-CN). */
export function admissionMessage(code: AdmissionCode, limits: AdmissionLimits): string {
  switch (code) {
    case 'unsupported_format':
      return '不支持该文件格式，请上传 MP4、MOV、MKV、WebM、AVI、FLV、TS 等视频文件（播放列表、拼接列表和图片序列不能上传）';
    case 'unreadable':
      return '无法读取该文件，文件可能已损坏或不是视频，请检查后重新上传';
    case 'no_video':
      return '文件中没有视频画面，请上传视频文件';
    case 'still_image':
      return '这是一张图片，不是视频，请上传视频文件';
    case 'too_short':
      return '视频太短，时长至少需要 1 秒';
    case 'too_long':
      return `视频太长，时长不能超过 ${formatDuration(limits.maxDurationSeconds)}`;
    case 'too_large':
      return `文件太大，不能超过 ${formatBytes(limits.maxBytes)}`;
  }
}

function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit] ?? 'B'}`;
}
