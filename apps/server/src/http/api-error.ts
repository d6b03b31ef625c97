/**
 * The one error type of the API: every failure a route reports is an ApiError, and the error
 * handler turns it into the envelope of SPEC §8 with the right HTTP status.
 */
export interface ApiErrorExtra {
  /** SPEC §8: a csrf failure carries errno 1. */
  errno?: number;
  /** SPEC §8: the login-required variant carries success false with code 1010. */
  success?: false;
  /** The request field a validation error is about. */
  field?: string;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly code: number;
  readonly extra: ApiErrorExtra;

  constructor(statusCode: number, code: number, message: string, extra: ApiErrorExtra = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.extra = extra;
  }
}

export const badRequest = (message: string, field?: string): ApiError =>
  new ApiError(400, 400, message, field === undefined ? {} : { field });

export const notFound = (message: string): ApiError => new ApiError(404, 404, message);

export const loginRequired = (): ApiError => new ApiError(401, 401, '请先登录');

/** SPEC §8 "success false with code 1010": a call that needs a signed-in user, answered softly. */
export const loginRequiredSoft = (): ApiError =>
  new ApiError(200, 1010, '请先登录', { success: false });

export const csrfFailure = (): ApiError =>
  new ApiError(403, 1, 'csrf token 校验失败，请刷新页面后重试', { errno: 1 });
