/** The certification calls' answers to the user (zh-CN). */
export const certificationMessages = {
  emptyField: '请填写认证领域',
  needWorks: '请至少填写一个代表作品链接',
  needRealName: '职业认证请填写真实姓名',
  needProof: '职业认证请填写证明材料',
  pending: '已有一份申请正在审核中，请耐心等待',
  approved: '已通过该认证，无需重复申请',
  /** The title shown on the author page. */
  interestTitle: (field: string) => `${field}领域创作者`,
} as const;
