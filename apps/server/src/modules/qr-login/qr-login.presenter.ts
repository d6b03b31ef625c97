import type { QrLoginStatus } from '@melon/db/tables/sign-in';
import type { AccountInfo, QrCheck, QrCode, QrScanResult } from '@melon/shared/contracts/passport';
import { qrCodeSvg } from './qr-code-svg.ts';
import type { QrActResult } from './qr-login.service.ts';

/**
 * A new code as the code page shows it: the address a signed-in phone opens (the scan page
 * with the token), also drawn as an SVG, and its lifetime in seconds.
 */
export async function presentQrCode(
  code: { token: string; expiresInMs: number },
  scanPage: URL,
): Promise<QrCode> {
  const url = new URL(scanPage);
  url.searchParams.set('token', code.token);
  return {
    token: code.token,
    qrcode_url: url.href,
    qrcode_svg: await qrCodeSvg(url.href),
    expire_in: code.expiresInMs / 1000,
  };
}

/** The status for the code page; the account only when this check signed the browser in. */
export const presentQrCheck = (status: QrLoginStatus, account: AccountInfo | null): QrCheck => ({
  status,
  account,
});

export const presentQrScan = (result: QrActResult): QrScanResult =>
  result.device ? { status: result.status, device: result.device } : { status: result.status };
