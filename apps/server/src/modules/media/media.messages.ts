/** What a refused media file answers (zh-CN). */
export const mediaMessages = {
  urlExpired: '链接已过期，请刷新页面',
  badSignature: '链接签名无效',
  mediaNotReady: '视频尚未就绪',
  fileNotFound: '文件不存在',
} as const;
