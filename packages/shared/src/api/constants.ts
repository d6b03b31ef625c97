/** Business constants of SPEC §9. */
export const APP_ID = 1768;
export const BUSINESS_ID = 70008;
export const DANMAKU_APP_NAME = 'video_ixigua';
export const DESKTOP_SERIAL_CHANNEL = 10005;
export const REQUEST_TIMEOUT_MS = 10_000;
export const COMMENT_PAGE_SIZE = 10;
export const DEFAULT_PAGE_SIZE = 30;
/** SPEC §9 resume tolerance: a remembered position this close to a mark does not count (s). */
export const RESUME_TOLERANCE_S = 5;

/** The anti-forgery header every call carries once a token exists (SPEC §7). */
export const CSRF_HEADER = 'x-csrf-token';
/** The verification header that starts the captcha flow (SPEC §4, §8). */
export const CAPTCHA_HEADER = 'x-captcha-required';
/** A solved challenge (the ALTCHA payload, base64) travels back in this header. */
export const CAPTCHA_SOLUTION_HEADER = 'x-captcha-solution';
/** The anonymous identity cookie issued on first visit. */
export const WEB_ID_COOKIE = 'web_id';
