export interface ApiErrorInit {
  /** The envelope's code, or the HTTP status when the body carries none. */
  code: number;
  message: string;
  /** HTTP status of the response. */
  status: number;
  data?: unknown;
  /** The request field a validation error is about. */
  field?: string;
}

/** A call the server answered with something other than code 200 (SPEC §8). */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  readonly field: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.data = init.data ?? null;
    this.field = init.field;
  }
}

/** `success: false, code: 1010`: the action needs a signed-in user. */
export class LoginRequiredError extends ApiError {
  override readonly name = 'LoginRequiredError';
}

/** 403 with code 1, errno 1 and a message about csrf: the anti-forgery token was refused. */
export class CsrfError extends ApiError {
  override readonly name = 'CsrfError';
}

/** The server asked for a captcha and it was closed, failed or not available. */
export class CaptchaError extends ApiError {
  override readonly name = 'CaptchaError';
}

/** HTTP 5xx: rejected with the response body, parsed when it is JSON, else its text. */
export class ServerError extends ApiError {
  override readonly name = 'ServerError';
  readonly body: unknown;

  constructor(init: ApiErrorInit & { body: unknown }) {
    super(init);
    this.body = init.body;
  }
}

/** No answer: a timeout, an abort or a network failure (SPEC §8 "error on url {url}"). */
export class RequestFailedError extends Error {
  override readonly name = 'RequestFailedError';
  readonly url: string;

  constructor(url: string, options?: ErrorOptions) {
    super(`error on url ${url}`, options);
    this.url = url;
  }
}
