/** What a refused media file answers (zh-CN). */
export const mediaMessages = {
  urlExpired: '链接已过期，请刷新页面',
  badSignature: '链接签名无效',
  mediaNotReady: '视频尚未就绪',
  fileNotFound: '文件不存在',
  membersOnly: '开通会员或购买本集后可观看完整视频',
  notYourLink: '该链接不属于当前登录账号',
} as const;
