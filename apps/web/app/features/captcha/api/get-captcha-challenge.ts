import { APP_ID } from '@melon/shared/api/constants';
import type { Envelope } from '@melon/shared/api/envelope';
import type { CaptchaChallenge } from '@melon/shared/contracts/passport';

/**
 * GET /passport/web/captcha/challenge/: an ALTCHA proof-of-work challenge. It goes around the
 * API client on purpose: the client holds every request while a captcha shows, this one included.
 */
export async function getCaptchaChallenge(signal: AbortSignal): Promise<CaptchaChallenge> {
  const response = await fetch(`/passport/web/captcha/challenge/?aid=${APP_ID}`, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  const body = (await response.json()) as Envelope<CaptchaChallenge>;
  if (!response.ok || body.code !== 200) throw new Error(body.message || `HTTP ${response.status}`);
  return body.data;
}
