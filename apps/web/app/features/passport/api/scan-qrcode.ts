import type { MelonClient } from '@melon/shared/client/client';

export type ScanAction = 'scan' | 'confirm' | 'cancel';

/** POST /passport/web/scan_qrcode/: the signed-in phone scans, confirms or cancels. */
export function scanQrcode(
  client: MelonClient,
  body: { token: string; action: ScanAction },
): Promise<unknown> {
  return client.post<unknown>('/passport/web/scan_qrcode/', body);
}
