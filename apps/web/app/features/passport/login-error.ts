/** The longest message the sign-on page shows; the server's own are far shorter. */
export const LOGIN_ERROR_MAX_LENGTH = 100;

/**
 * The sign-on page's `error` parameter (why a third-party sign-in failed, in the server's words)
 * as one line of plain text: runs of spaces and control characters made one space, at most
 * LOGIN_ERROR_MAX_LENGTH characters; null when there is nothing to show.
 */
export function loginError(param: string | null | undefined): string | null {
  const text = (param ?? '').replace(/[\s\p{Cc}]+/gu, ' ').trim();
  if (!text) return null;
  // By code point, so a character outside the BMP is never cut in half.
  return Array.from(text).slice(0, LOGIN_ERROR_MAX_LENGTH).join('').trimEnd();
}
