import { publishMessages as t } from './messages.ts';

/** The parts of tus-js-client's DetailedError the page reads. */
interface TusFailure {
  originalResponse?: { getStatus(): number; getBody(): string } | null;
}

/** The HTTP status behind a tus-js-client error; 0 when no answer came (network failure). */
export function statusOf(error: unknown): number {
  return (error as TusFailure | null)?.originalResponse?.getStatus() ?? 0;
}

/** The server's own words for a refused upload (the envelope's message), else a plain failure. */
export function uploadErrorMessage(error: unknown): string {
  const body = (error as TusFailure | null)?.originalResponse?.getBody() ?? '';
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message !== '') return parsed.message;
  } catch {
    // Not the API's envelope: fall through.
  }
  return t.upload.failed;
}

/**
 * Whether tus-js-client should try again on its own: not while the browser is offline (the
 * page waits for the `online` event instead), not for a refusal (4xx other than 409/423, which
 * a fresh look at the offset may cure), otherwise yes.
 */
export function worthRetrying(error: unknown, online: boolean): boolean {
  if (!online) return false;
  const status = statusOf(error);
  if (status >= 400 && status < 500) return status === 409 || status === 423;
  return true;
}
