import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { RateLimitBucket } from '@melon/shared/calls/rate-limit-buckets';
import { captchaRequired } from '../../http/api-error.ts';
import { tooFrequent } from '../../lib/domain-error.ts';
import { formatWait } from '../../lib/format-wait.ts';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** A limit past which a caller gets a 429 whose message names the wait. */
interface HardLimit extends RateLimit {
  past: (wait: string) => string;
}

/** A bucket's limit, whose calls it counts together, and what a caller past it gets. */
interface BucketPolicy extends RateLimit {
  per: 'ip' | 'user';
  /** 'captcha': solve one to go on (SPEC §4); else a 429 whose message names the wait. */
  past: 'captcha' | ((wait: string) => string);
  /**
   * Of a captcha bucket: what an address may spend in all, counting every call that passes the
   * burst limit, with a solved captcha or without. No captcha passes it.
   */
  budget?: HardLimit;
}

/**
 * Every bucket a declared call can count in, with its limit (decision 004), set well above what
 * a person produces by hand: they only meet scripts.
 */
export const RATE_LIMITS = {
  signIn: { max: 20, windowMs: 60_000, per: 'ip', past: 'captcha' },
  // Every code is a message someone pays for and a stranger receives: a captcha lets a caller
  // past the burst, and the budget bounds what an address sends however many it solves.
  sendCode: {
    max: 10,
    windowMs: 60_000,
    per: 'ip',
    past: 'captcha',
    budget: {
      max: 30,
      windowMs: 3_600_000,
      past: (wait) => `验证码发送过于频繁，请 ${wait}后再试`,
    },
  },
  passport: { max: 120, windowMs: 60_000, per: 'ip', past: 'captcha' },
  qrPoll: { max: 240, windowMs: 60_000, per: 'ip', past: 'captcha' },
  // Answered with a plain 429, never with a captcha: this call is how a captcha is solved.
  captchaChallenge: {
    max: 30,
    windowMs: 60_000,
    per: 'ip',
    past: (wait) => `获取验证过于频繁，请 ${wait}后再试`,
  },
  profileUpdate: {
    max: 20,
    windowMs: 60_000,
    per: 'user',
    past: (wait) => `操作过于频繁，请 ${wait}后再试`,
  },
  avatarUpload: {
    max: 10,
    windowMs: 60_000,
    per: 'user',
    past: (wait) => `操作过于频繁，请 ${wait}后再试`,
  },
  // A page reports a few batches a minute at most (stay-page every 5 minutes, capped samples);
  // an address shared by an office still stays far below this.
  tracking: {
    max: 120,
    windowMs: 60_000,
    per: 'ip',
    past: (wait) => `上报过于频繁，请 ${wait}后再试`,
  },
  // Likes, favourites and votes (decision 027): a person clicking through pages stays far below.
  reaction: {
    max: 120,
    windowMs: 60_000,
    per: 'user',
    past: (wait) => `操作过于频繁，请 ${wait}后再试`,
  },
  // A person reports a few things a day; twenty a minute is already a script (decision 031).
  report: {
    max: 20,
    windowMs: 60_000,
    per: 'user',
    past: (wait) => `举报过于频繁，请 ${wait}后再试`,
  },
  commentImageUpload: {
    max: 20,
    windowMs: 60_000,
    per: 'user',
    past: (wait) => `图片上传过于频繁，请 ${wait}后再试`,
  },
  // Bilibili and Xigua limit follows the same way: a person follows a few authors a minute.
  follow: {
    max: 60,
    windowMs: 60_000,
    per: 'user',
    past: (wait) => `操作过于频繁，请 ${wait}后再试`,
  },
  // Bilibili answers 评论过于频繁 past a few comments a minute; a person typing stays below ten.
  comment: {
    max: 10,
    windowMs: 60_000,
    per: 'user',
    past: (wait) => `评论过于频繁，请 ${wait}后再试`,
  },
  // The player reports every 15 s of playback and on pause, page hide and end: four a minute a
  // tab. Seeking and pausing by hand, a few tabs, and deletes on the history page stay below.
  watchHistory: {
    max: 60,
    windowMs: 60_000,
    per: 'user',
    past: (wait) => `操作过于频繁，请 ${wait}后再试`,
  },
  // One report per video a person opens (decision 039); an office behind one address opening
  // a video every second together stays below.
  play: {
    max: 60,
    windowMs: 60_000,
    per: 'ip',
    past: (wait) => `操作过于频繁，请 ${wait}后再试`,
  },
  // A person redeems a code now and then and mistypes a few (decision 052); past this it is
  // someone trying codes, and with these limits a random guess never lands.
  vipCode: {
    max: 10,
    windowMs: 600_000,
    per: 'user',
    past: (wait) => `兑换过于频繁，请 ${wait}后再试`,
  },
  vipCodeAddress: {
    max: 30,
    windowMs: 600_000,
    per: 'ip',
    past: (wait) => `兑换过于频繁，请 ${wait}后再试`,
  },
  // A buyer makes an order, maybe another with the other provider (decision 048); past this it
  // is a script filling the orders table and the providers' gateways.
  payOrder: {
    max: 20,
    windowMs: 600_000,
    per: 'user',
    past: (wait) => `下单过于频繁，请 ${wait}后再试`,
  },
  // A rights holder files a few claims a day, each taking minutes to write (decision 055);
  // past this it is a script flooding the operator's queue.
  tortReport: {
    max: 5,
    windowMs: 600_000,
    per: 'user',
    past: (wait) => `投诉过于频繁，请 ${wait}后再试`,
  },
  tortReportAddress: {
    max: 20,
    windowMs: 600_000,
    per: 'ip',
    past: (wait) => `投诉过于频繁，请 ${wait}后再试`,
  },
  // A person writes feedback now and then, with a few screenshots (decision 060); past this it
  // is a script filling the operator's queue and the media storage.
  feedback: {
    max: 5,
    windowMs: 600_000,
    per: 'user',
    past: (wait) => `反馈过于频繁，请 ${wait}后再试`,
  },
  feedbackAddress: {
    max: 20,
    windowMs: 600_000,
    per: 'ip',
    past: (wait) => `反馈过于频繁，请 ${wait}后再试`,
  },
  feedbackImageUpload: {
    max: 15,
    windowMs: 600_000,
    per: 'user',
    past: (wait) => `图片上传过于频繁，请 ${wait}后再试`,
  },
  // An author saves a form or reorders a series every few seconds at most (decision 066).
  studioEdit: {
    max: 30,
    windowMs: 60_000,
    per: 'user',
    past: (wait) => `操作过于频繁，请 ${wait}后再试`,
  },
  // Each cover decodes a picture or runs ffmpeg on the source: an author tries a few frames or
  // pictures and keeps one; past this it is a script keeping the process busy (decision 066).
  studioCover: {
    max: 20,
    windowMs: 600_000,
    per: 'user',
    past: (wait) => `更换封面过于频繁，请 ${wait}后再试`,
  },
  // A person searches, changes a filter and scrolls a few pages a minute (decision 065); an
  // office behind one address searching together stays below.
  search: {
    max: 60,
    windowMs: 60_000,
    per: 'ip',
    past: (wait) => `搜索过于频繁，请 ${wait}后再试`,
  },
} as const satisfies Record<RateLimitBucket, BucketPolicy>;

/** What a caller over a burst limit is told while the captcha shows. */
const BURST_MESSAGE = '操作过于频繁，请完成安全验证';

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
 * A call that passes then counts in the bucket's budget, if it has one: past it, a 429.
 */
function limitOrCaptcha(
  app: FastifyInstance,
  bucket: string,
  limit: RateLimit,
  budget: HardLimit | undefined,
): onRequestAsyncHookHandler {
  const count = counter(app, bucket, limit, byIp);
  const spend =
    budget &&
    limitOrRetryLater(app, `${bucket}Budget`, budget, (wait) => budget.past(formatWait(wait)));
  return async (request, reply) => {
    if (!request.captchaSolved) {
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) throw captchaRequired(BURST_MESSAGE);
    }
    await spend?.call(app, request, reply);
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
      throw tooFrequent(message(result.ttlInSeconds), result.ttlInSeconds);
    }
  };
}

/**
 * The one hook of a bucket in this app: every call declaring the bucket counts in it. The hooks
 * are kept on the app (`rateLimitBuckets`, decorated with @fastify/rate-limit), which every child
 * context shares.
 */
export function limitOfBucket(
  app: FastifyInstance,
  bucket: RateLimitBucket,
): onRequestAsyncHookHandler {
  const known = app.rateLimitBuckets.get(bucket);
  if (known) return known;
  const policy: BucketPolicy = RATE_LIMITS[bucket];
  const { past } = policy;
  const hook =
    past === 'captcha'
      ? limitOrCaptcha(app, bucket, policy, policy.budget)
      : limitOrRetryLater(app, bucket, policy, (wait) => past(formatWait(wait)), keyFor(policy));
  app.rateLimitBuckets.set(bucket, hook);
  return hook;
}

const keyFor = (policy: BucketPolicy) => (policy.per === 'user' ? byUserOrIp : byIp);
