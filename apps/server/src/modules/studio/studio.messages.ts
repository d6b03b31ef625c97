import {
  ABSTRACT_MAX_LENGTH,
  TAG_MAX_COUNT,
  TAG_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '@melon/shared/contracts/publish';
import type { FieldMessage } from '../../http/field-messages.ts';
import { PICTURE_MAX_WAN_PIXELS } from '../../lib/picture.ts';

/** What the creator studio says to the author. */
export const studioMessages = {
  unknownVideo: '视频不存在或已删除',
  notOwnVideo: '只能管理自己的视频',
  itemId: '视频编号格式不正确',
  titleRequired: '请填写标题',
  titleTooLong: `标题不能超过 ${TITLE_MAX_LENGTH} 个字`,
  abstract: `简介不能超过 ${ABSTRACT_MAX_LENGTH} 个字`,
  tags: `最多 ${TAG_MAX_COUNT} 个标签，每个 1–${TAG_MAX_LENGTH} 个字，不能含换行或控制字符`,
  channel: '请选择可以发布的频道',
  visibility: '可见范围只能是 仅自己可见、仅主页可见 或 公开',
  mark: '片头片尾标记须为视频时长内的毫秒数',
  markOutside: '片头片尾标记不能超过视频时长',
  markOrder: '片尾标记须在片头标记之后',
  cursor: '翻页位置不正确，请刷新页面',
  count: '每页条数须为 1–50',
  failed: '转码失败',
  coverNotReady: '视频转码完成后才能更换封面',
  coverNotMultipart: '请以表单（multipart/form-data）上传封面',
  coverMissing: '请选择要上传的封面图片',
  coverUnreadable: '无法读取上传的表单，请重新选择封面图片上传',
  coverTooLarge: '封面图片不能超过 5 MB',
  coverNotImage: '文件不是有效的图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片',
  coverTooManyPixels: `图片尺寸过大，请上传 ${PICTURE_MAX_WAN_PIXELS} 万像素以内的图片`,
  coverFrameTime: '截取时间须在视频时长内',
  coverFrameUnavailable: '无法从视频中截取该时刻的画面，请换一个时间或上传封面',
  coverBusy: '封面处理繁忙，请稍后再试',
  deleted: '视频已删除',
} as const;

const both = (message: string): FieldMessage => ({ missing: message, invalid: message });

/** Messages for fields the request schemas refuse. */
export const studioFieldMessages: Record<string, FieldMessage> = {
  item_id: both(studioMessages.itemId),
  title: { missing: studioMessages.titleRequired, invalid: studioMessages.titleTooLong },
  abstract: both(studioMessages.abstract),
  tags: both(studioMessages.tags),
  // A tag refused by its own schema is named by its place in the list.
  ...Object.fromEntries(
    Array.from({ length: TAG_MAX_COUNT }, (_, i) => [`tags.${i}`, both(studioMessages.tags)]),
  ),
  channel_id: both(studioMessages.channel),
  visibility: both(studioMessages.visibility),
  opening_ms: both(studioMessages.mark),
  ending_ms: both(studioMessages.mark),
  time_ms: both(studioMessages.coverFrameTime),
  cursor: both(studioMessages.cursor),
  count: both(studioMessages.count),
};
