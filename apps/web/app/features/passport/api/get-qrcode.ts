import type { MelonClient } from '@melon/shared/client/client';
import type { QrCode } from '@melon/shared/contracts/passport';

/** GET /passport/web/get_qrcode/: a new scan-code login token and its QR code. */
export function getQrcode(client: MelonClient): Promise<QrCode> {
  return client.get<QrCode>('/passport/web/get_qrcode/');
}
