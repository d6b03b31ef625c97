import { TAG_MAX_COUNT, TAG_MAX_LENGTH, TITLE_MAX_LENGTH } from '@melon/shared/contracts/publish';

/** What an uploader or importer reads when a video is not taken in or not made playable. */
export const ingestMessages = {
  titleRequired: '请填写视频标题',
  titleTooLong: `标题不能超过 ${TITLE_MAX_LENGTH} 个字`,
  tagsInvalid: `标签最多 ${TAG_MAX_COUNT} 个，每个不超过 ${TAG_MAX_LENGTH} 个字`,
  unknownUser: '作者账号不存在',
  unknownChannel: '所选频道不存在或不能发布视频',
  transcodeFailed: '视频处理失败，请检查文件后重新上传',
  sourceMissing: '视频源文件已丢失，请重新上传',
  itemNotFound: '视频不存在',
  notYourVideo: '只有视频作者可以查看处理进度',
} as const;
