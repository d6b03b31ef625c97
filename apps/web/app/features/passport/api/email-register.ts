import type { MelonClient } from '@melon/shared/client/client';
import type { AccountInfo } from '@melon/shared/contracts/passport';

/** POST /passport/web/email/register/: creates the account and signs it in. */
export function emailRegister(
  client: MelonClient,
  body: { email: string; code: string; password: string },
): Promise<AccountInfo> {
  return client.post<AccountInfo>('/passport/web/email/register/', body);
}
