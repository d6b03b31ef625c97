import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { captchaRequired, tooManyRequests } from '../../http/api-error.ts';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Every limit of the API in one place (docs/decisions/004-account-limits.md), set well above
 * what a person produces by hand: they only meet scripts.
 */
export const RATE_LIMITS = {
  /** sms_login, user/login, email/register and password/reset together, per IP. */
  signIn: { max: 20, windowMs: 60_000 },
  /** Both send_code calls together, per IP; every number and address has its own limits too. */
  sendCode: { max: 10, windowMs: 60_000 },
  /** Every other passport call (account info, logout, sessions, scan-code, third-party), per IP. */
  passport: { max: 120, windowMs: 60_000 },
  /** Scan-code status polls (one every 2 s per open code), per IP. */
  qrPoll: { max: 240, windowMs: 60_000 },
  /** Captcha challenges, per IP. */
  captchaChallenge: { max: 30, windowMs: 60_000 },
  /** Profile edits, per user. */
  profileUpdate: { max: 20, windowMs: 60_000 },
  /** Avatar uploads, per user. */
  avatarUpload: { max: 10, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>;

/** What a caller over a burst limit is told while the captcha shows. */
export const BURST_MESSAGE = '操作过于频繁，请完成安全验证';

/** Whose calls are counted together: the address (IPv6 by /64). */
const byIp = (request: FastifyRequest): string => `ip:${normalizeIP(request.ip)}`;

/** Whose calls are counted together: the signed-in user, else the address (IPv6 by /64). */
export const byUserOrIp = (request: FastifyRequest): string =>
  request.user ? `user:${request.user.id}` : byIp(request);

/**
 * One counter per bucket and caller. The bucket's name leads the key: in scale mode every
 * bucket counts in the same Redis key space (decision 004), and calls of one bucket made on
 * any web process count together.
 */
function counter(
  app: FastifyInstance,
  bucket: string,
  limit: RateLimit,
  keyOf: (request: FastifyRequest) => string,
) {
  return app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${bucket}:${keyOf(request)}`,
  });
}

/**
 * An onRequest hook counting calls per IP (IPv6 by /64) in the named bucket; over the limit the
 * caller must solve a captcha (SPEC §4), and a request carrying a solved one passes uncounted.
 */
export function limitOrCaptcha(
  app: FastifyInstance,
  bucket: string,
  limit: RateLimit,
): onRequestAsyncHookHandler {
  const count = counter(app, bucket, limit, byIp);
  return async (request) => {
    if (request.captchaSolved) return;
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) throw captchaRequired(BURST_MESSAGE);
  };
}

/**
 * An onRequest hook counting calls in the named bucket, per IP unless `keyOf` says otherwise;
 * over the limit, a 429 with the wait.
 */
export function limitOrRetryLater(
  app: FastifyInstance,
  bucket: string,
  limit: RateLimit,
  message: (waitSeconds: number) => string,
  keyOf: (request: FastifyRequest) => string = byIp,
): onRequestAsyncHookHandler {
  const count = counter(app, bucket, limit, keyOf);
  return async (request) => {
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) {
      throw tooManyRequests(message(result.ttlInSeconds), result.ttlInSeconds);
    }
  };
}
