import type { MelonClient } from '@melon/shared/client/client';
import type { AccountInfo } from '@melon/shared/contracts/passport';

/** GET /passport/web/account/info/: the signed-in account (401 for a visitor). */
export function getAccountInfo(client: MelonClient): Promise<AccountInfo> {
  return client.get<AccountInfo>('/passport/web/account/info/');
}
