import type { MelonClient } from '@melon/shared/client/client';
import type { AccountInfo } from '@melon/shared/contracts/passport';

/** POST /passport/web/user/login/: account is a mobile number, an email or a user name. */
export function passwordLogin(
  client: MelonClient,
  body: { account: string; password: string },
): Promise<AccountInfo> {
  return client.post<AccountInfo>('/passport/web/user/login/', body);
}
