/**
 * The user's words for HTTP's own refusals that no Melon code raised: the router's, the body
 * parsers', the static files'. Their English messages never reach the user.
 */
export const errorMessages = {
  badUrl: '请求地址不合法',
  urlTooLong: '请求地址过长',
  unsupportedMediaType: '不支持的 Content-Type，请使用 application/json 或表单',
  bodyTooLarge: '请求体过大',
  invalidJson: '请求体不是合法的 JSON',
  serverError: '服务器错误，请稍后重试',
  /** By HTTP status, for the 4xx refusals not named above. */
  byStatus: {
    400: '请求格式错误',
    401: '请先登录',
    403: '无权访问',
    404: '资源不存在',
    405: '不支持该请求方法',
    406: '无法提供所请求的格式',
    408: '请求超时，请重试',
    411: '请求缺少长度',
    413: '请求体过大',
    414: '请求地址过长',
    415: '不支持的 Content-Type，请使用 application/json 或表单',
    416: '请求的范围无效',
    431: '请求头过大',
  } as Readonly<Record<number, string>>,
  otherRefusal: '请求无效',
} as const;
