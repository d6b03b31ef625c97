/** The redeem call's answers to the user (zh-CN). */
export const vipCodeMessages = {
  malformed: '兑换码格式不正确，应为 16 位字母和数字',
  unknown: '兑换码无效',
  used: '该兑换码已被使用',
  expired: '该兑换码已过期',
} as const;
