/** What a page request is told when it cannot be rendered. */
export const ssrMessages = {
  badHost: '请求的主机名无效',
} as const;
