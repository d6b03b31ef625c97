import type { MelonClient } from '@melon/shared/client/client';
import type { AccountInfo } from '@melon/shared/contracts/passport';

/** POST /passport/web/password/reset/: signs in here and ends every other session. */
export function resetPassword(
  client: MelonClient,
  body: { mobile: string; code: string; password: string },
): Promise<AccountInfo> {
  return client.post<AccountInfo>('/passport/web/password/reset/', body);
}
