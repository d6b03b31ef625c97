import { CAPTCHA_HEADER } from '@melon/shared/api/constants';

/** SPEC §8 fields some errors carry besides code and message. */
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

/**
 * An answer of SPEC §8 with its HTTP status: the error handler sends it as the envelope. Domain
 * failures are DomainErrors (lib/domain-error.ts) and become ApiErrors in the handler; the
 * factories below are the failures of HTTP itself (sign-in, captcha, anti-forgery).
 */
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

/**
 * SPEC §4, §8: the caller must solve a captcha and repeat the request with the solution; the
 * verification header starts that flow in the client.
 */
export const captchaRequired = (message: string): ApiError =>
  new ApiError(403, 403, message, {}, { headers: { [CAPTCHA_HEADER]: '1' } });

export const loginRequired = (): ApiError => new ApiError(401, 401, '请先登录');

/** SPEC §8 "success false with code 1010": a call that needs a signed-in user, answered softly. */
export const loginRequiredSoft = (): ApiError =>
  new ApiError(200, 1010, '请先登录', { success: false });

export const csrfFailure = (): ApiError =>
  new ApiError(403, 1, 'csrf token 校验失败，请刷新页面后重试', { errno: 1 });
