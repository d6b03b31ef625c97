import { ApiError, CaptchaError, RequestFailedError } from '@melon/shared/client/errors';
import { passportMessages as t } from '~/features/passport/messages.ts';

/** What to tell the user about a failed call: the server's own message when it has one. */
export function errorMessage(error: unknown): string {
  if (error instanceof CaptchaError) return t.error.captcha;
  if (error instanceof ApiError) return error.message || t.error.generic;
  if (error instanceof RequestFailedError) return t.error.network;
  return t.error.generic;
}

/** The seconds a 429 says to wait, if it says. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const data = error.data as { retry_after?: unknown } | null;
  return typeof data?.retry_after === 'number' ? data.retry_after : null;
}
