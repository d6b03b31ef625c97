import { CAPTCHA_HEADER } from '@melon/shared/api/constants';

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

/** What an error carries besides its envelope fields. */
export interface ApiErrorDetails {
  /** The envelope's data; null unless the error tells the caller more (e.g. how long to wait). */
  data?: RetryLater;
  /** Response headers that belong to the error: the verification header, Retry-After. */
  headers?: Record<string, string>;
}

/** The data of a 429: seconds until the call may be made again. */
export interface RetryLater {
  retry_after: number;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly code: number;
  readonly extra: ApiErrorExtra;
  readonly data: RetryLater | null;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: number,
    message: string,
    extra: ApiErrorExtra = {},
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.extra = extra;
    this.data = details.data ?? null;
    this.headers = details.headers ?? {};
  }
}

export const badRequest = (message: string, field?: string): ApiError =>
  new ApiError(400, 400, message, field === undefined ? {} : { field });

export const notFound = (message: string): ApiError => new ApiError(404, 404, message);

export const forbidden = (message: string): ApiError => new ApiError(403, 403, message);

/** The request clashes with what exists, e.g. an email address already registered. */
export const conflict = (message: string, field?: string): ApiError =>
  new ApiError(409, 409, message, field === undefined ? {} : { field });

/** Too many calls: the message names the wait, data.retry_after and Retry-After give it in seconds. */
export const tooManyRequests = (message: string, retryAfterS: number): ApiError =>
  new ApiError(
    429,
    429,
    message,
    {},
    { data: { retry_after: retryAfterS }, headers: { 'retry-after': String(retryAfterS) } },
  );

/**
 * SPEC §4, §8: the caller must solve a captcha and repeat the request with the solution; the
 * verification header starts that flow in the client.
 */
export const captchaRequired = (message: string): ApiError =>
  new ApiError(403, 403, message, {}, { headers: { [CAPTCHA_HEADER]: '1' } });

export const serviceUnavailable = (message: string): ApiError => new ApiError(503, 503, message);

export const loginRequired = (): ApiError => new ApiError(401, 401, '请先登录');

/** SPEC §8 "success false with code 1010": a call that needs a signed-in user, answered softly. */
export const loginRequiredSoft = (): ApiError =>
  new ApiError(200, 1010, '请先登录', { success: false });

export const csrfFailure = (): ApiError =>
  new ApiError(403, 1, 'csrf token 校验失败，请刷新页面后重试', { errno: 1 });
