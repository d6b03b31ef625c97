import { formatDuration } from '@melon/shared/format/duration';

export type AdmissionCode =
  | 'unsupported_format'
  | 'unreadable'
  | 'no_video'
  | 'still_image'
  | 'too_short'
  | 'too_long'
  | 'too_large'
  | 'too_demanding'
  | 'too_slow';

export interface AdmissionLimits {
  maxBytes: number;
  maxDurationSeconds: number;
  /** Width × height × frames per second; DEFAULT_MAX_PIXEL_RATE (4K at 60 fps) when left out. */
  maxPixelRate?: number;
  /** Each ffprobe run's deadline; PROBE_DEADLINE_MS when left out. */
  probeDeadlineMs?: number;
}

/** The largest picture decoded (8K): beyond it one frame alone takes hundreds of megabytes. */
export const MAX_PICTURE = { width: 7680, height: 4320 } as const;
export const MAX_FPS = 240;
/** 3840 × 2160 at 60 frames a second. */
export const DEFAULT_MAX_PIXEL_RATE = 3840 * 2160 * 60;

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
    case 'too_demanding': {
      const rate = limits.maxPixelRate ?? DEFAULT_MAX_PIXEL_RATE;
      const at4k = Math.floor(rate / (3840 * 2160));
      return `视频分辨率或帧率太高：画面不能大于 ${MAX_PICTURE.width}×${MAX_PICTURE.height}，帧率不能高于 ${MAX_FPS}，宽×高×帧率不能超过 ${rate.toLocaleString('en-US')}（相当于 3840×2160 的 ${at4k} 帧）`;
    }
    case 'too_slow':
      return '检查文件超时，文件可能已损坏，请检查后重新上传';
  }
}

/** 4 GB, 100 KB, 1.5 MB: bytes in the largest unit that keeps a number of at least 1. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit] ?? 'B'}`;
}
