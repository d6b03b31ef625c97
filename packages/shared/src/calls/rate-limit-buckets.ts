/**
 * The rate-limit buckets a call can count in (decision 004). Calls naming one bucket count
 * together, per caller; the server says how many calls a bucket allows and what happens past it.
 */
export const RATE_LIMIT_BUCKETS = [
  /** sms_login, user/login, email/register and password/reset together, per IP. */
  'signIn',
  /** Both send_code calls together, per IP. */
  'sendCode',
  /** Every other passport call (account, sessions, scan-code, third-party), per IP. */
  'passport',
  /** Scan-code status polls, per IP. */
  'qrPoll',
  /** Captcha challenges, per IP. */
  'captchaChallenge',
  /** Profile edits, per user. */
  'profileUpdate',
  /** Avatar uploads, per user. */
  'avatarUpload',
  /** Behaviour-tracking batches, per IP. */
  'tracking',
  /** Watch-history writes (progress reports and deletes), per user. */
  'watchHistory',
  /** Likes, favourites and votes together, per user. */
  'reaction',
  /** Reports of videos, users, comments and danmaku together, per user. */
  'report',
  /** Comment picture uploads, per user. */
  'commentImageUpload',
  /** Follows, unfollows, blocks and their cancels together, per user. */
  'follow',
  /** Comments and replies together, per user. */
  'comment',
  /** Play reports, per IP: visitors send them too. */
  'play',
  /** Membership code redeems, per user (decision 052). */
  'vipCode',
  /** Membership code redeems, per IP: many accounts on one address count together. */
  'vipCodeAddress',
  /** Orders made (create_order), per user (decision 048). */
  'payOrder',
  /** Infringement claims filed, per user (decision 055). */
  'tortReport',
  /** Infringement claims filed, per IP: many accounts on one address count together. */
  'tortReportAddress',
  /** Feedback messages posted, per user (a visitor per IP; decision 060). */
  'feedback',
  /** Feedback messages posted, per IP: visitors and accounts on one address count together. */
  'feedbackAddress',
  /** Feedback screenshots uploaded, per user (a visitor per IP). */
  'feedbackImageUpload',
  /** The studio's cheap writes (video edits and deletes, series), per user (decision 066). */
  'studioEdit',
  /** Studio cover uploads and frame grabs together, per user (decision 066). */
  'studioCover',
  /** Search result pages, per IP: visitors search too (decision 065). */
  'search',
] as const;

export type RateLimitBucket = (typeof RATE_LIMIT_BUCKETS)[number];
