import type { MelonClient } from '@melon/shared/client/client';
import type { QrCheck } from '@melon/shared/contracts/passport';

/** GET /passport/web/check_qrconnect/: the token's state; confirmed signs this browser in. */
export function checkQrconnect(client: MelonClient, token: string): Promise<QrCheck> {
  return client.get<QrCheck>('/passport/web/check_qrconnect/', { token });
}
