/** WeChat Pay Native codes: what the buyer's WeChat opens when scanning. */
const WECHAT_CODE_URL = /^weixin:\/\/wxpay\/[\x21-\x7e]{1,500}$/;

/**
 * The code_url the return page may draw as a QR code (decision 049: WeChat Pay Native has no
 * cashier page, so the order's code comes back in the return address): WeChat's own scheme, or
 * an address on this site (the sandbox's scan page). Anything else is null: a crafted link must
 * not make the site show a stranger's payment code.
 */
export function scannableCodeUrl(codeUrl: string | null, origin: string): string | null {
  if (!codeUrl) return null;
  if (WECHAT_CODE_URL.test(codeUrl)) return codeUrl;
  try {
    const url = new URL(codeUrl);
    return url.origin === origin && /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
