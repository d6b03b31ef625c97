/** User-facing text of the 404 and error pages. */
export const errorMessages = {
  notFoundTitle: '页面不存在',
  notFoundText: '你访问的页面不存在或已被删除，换个地方看看吧',
  errorTitle: '出错了',
  errorText: '服务开小差了，请刷新页面后重试',
  backHome: '返回首页',
  reload: '刷新页面',
} as const;
