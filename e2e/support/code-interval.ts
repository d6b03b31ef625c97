/**
 * The browser tests' site lets a phone or address have a new code 10 s after the last one
 * (MELON_CODE_RESEND_INTERVAL_SECONDS) instead of 60 s: journeys that send several codes to one
 * number wait that long between them, and a minute each added minutes to every CI run.
 */
export const E2E_CODE_RESEND_INTERVAL_SECONDS = 10;
