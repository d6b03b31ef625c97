import type { MelonClient } from '@melon/shared/client/client';
import type { AccountInfo } from '@melon/shared/contracts/passport';

/** POST /passport/web/sms_login/: signs in with a code, creating the account on first use. */
export function smsLogin(
  client: MelonClient,
  body: { mobile: string; code: string },
): Promise<AccountInfo> {
  return client.post<AccountInfo>('/passport/web/sms_login/', body);
}
