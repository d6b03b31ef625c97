import {
  FEEDBACK_CONTACT_MAX_LENGTH,
  FEEDBACK_DESCRIPTION_MAX_LENGTH,
  FEEDBACK_DESCRIPTION_MIN_LENGTH,
  FEEDBACK_IMAGES_MAX_COUNT,
  type FeedbackCategory,
} from '@melon/shared/contracts/feedback';
import type { PicturePickerTexts } from '~/components/ui/PicturePicker.tsx';

/** User-facing text of the feedback form 意见反馈 (decision 060). */
export const feedbackMessages = {
  entry: '意见反馈',
  fixedEntry: '反馈',
  title: '意见反馈',
  close: '关闭',
  category: '反馈类型',
  categories: {
    play: '播放问题',
    danmaku: '弹幕问题',
    account: '账号问题',
    suggestion: '功能建议',
    other: '其他',
  } satisfies Record<FeedbackCategory, string>,
  description: '问题描述',
  descriptionPlaceholder: `请详细描述你遇到的问题或建议（${FEEDBACK_DESCRIPTION_MIN_LENGTH}-${FEEDBACK_DESCRIPTION_MAX_LENGTH} 字）`,
  descriptionShort: `请描述你遇到的问题，至少 ${FEEDBACK_DESCRIPTION_MIN_LENGTH} 个字`,
  screenshots: `截图（选填，最多 ${FEEDBACK_IMAGES_MAX_COUNT} 张）`,
  screenshotPicker: {
    add: '添加截图',
    alt: (position: number) => `截图 ${position}`,
    remove: (position: number) => `删除截图 ${position}`,
    uploading: (percent: number) => `上传中 ${percent}%`,
  } satisfies PicturePickerTexts,
  screenshotTooLarge: '图片不能超过 5 MB',
  screenshotFailed: '截图上传失败，请重试',
  contact: '联系方式（选填）',
  contactPlaceholder: '手机号或邮箱，方便我们联系你',
  contactInvalid: '请填写正确的手机号或邮箱',
  contactMaxLength: FEEDBACK_CONTACT_MAX_LENGTH,
  waitForUploads: '截图还在上传，请稍候',
  cancel: '取消',
  submit: '提交',
  submitting: '提交中…',
  failed: '提交失败，请稍后再试',
  thanks: '感谢你的反馈',
} as const;
