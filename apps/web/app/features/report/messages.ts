import {
  REPORT_DESCRIPTION_MAX_LENGTH,
  type ReportTargetKind,
} from '@melon/shared/contracts/report';

/** User-facing text of the report dialog. */
export const reportMessages = {
  open: '举报',
  title: {
    video: '举报视频',
    user: '举报用户',
    comment: '举报评论',
  } satisfies Record<ReportTargetKind, string>,
  close: '关闭',
  reasons: '举报理由',
  loadingReasons: '正在加载举报理由…',
  reasonsFailed: '举报理由加载失败，请稍后再试',
  retry: '重新加载',
  description: '补充说明（选填）',
  descriptionRequired: '补充说明（必填）',
  descriptionPlaceholder: '请描述具体问题，便于我们尽快核实处理',
  descriptionCount: (length: number) => `${length}/${REPORT_DESCRIPTION_MAX_LENGTH}`,
  chooseReason: '请选择举报理由',
  describeOther: '选择“其他”时请填写举报说明',
  submit: '提交',
  submitting: '提交中…',
  cancel: '取消',
  filed: '举报成功，感谢你的反馈，我们会尽快核实处理',
  alreadyFiled: '你已举报过该内容，我们正在处理中',
  failed: '举报失败，请稍后再试',
  done: '知道了',
  tortNote: '视频侵犯了你的著作权、肖像权等合法权益？',
  tortLink: '提交侵权投诉',
} as const;
