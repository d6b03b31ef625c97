/** User-facing text of creator certification (zh-CN). */
export const certificationMessages = {
  signedOut: '登录后即可申请创作者认证',
  shown: (title: string) => `当前认证：${title}`,
  notShown: '尚未获得认证，通过后会显示在你的个人主页',
  kinds: {
    interest: {
      title: '兴趣认证',
      intro: '在某一领域持续创作优质内容的创作者',
      field: '认证领域',
      fieldPlaceholder: '如：美食、旅行、数码',
    },
    profession: {
      title: '职业认证',
      intro: '以真实职业身份创作的创作者，如医生、律师、教师',
      field: '职业',
      fieldPlaceholder: '如：医生',
    },
  },
  realName: '真实姓名',
  proof: '证明材料',
  proofPlaceholder: '可核实职业身份的信息，如执业证编号、单位官网上的介绍页地址',
  works: '代表作品链接',
  worksPlaceholder: '每行一个，以 http:// 或 https:// 开头，最多 5 个',
  submit: '提交申请',
  resubmit: '重新提交',
  submitted: '申请已提交，请等待审核',
  states: { pending: '审核中', approved: '已通过', rejected: '未通过' },
  reason: (reason: string) => `原因：${reason}`,
  noReason: '未说明原因',
  submittedAt: (date: string) => `提交于 ${date}`,
  failed: '提交失败，请稍后重试',
} as const;
