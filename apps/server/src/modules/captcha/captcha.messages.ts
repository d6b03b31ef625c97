/** What the captcha flow says to the user. */
export const captchaMessages = {
  /** A solution that is forged, expired or already spent. */
  invalidSolution: '安全验证无效或已过期，请重新验证',
};
