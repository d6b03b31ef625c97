import type { MelonClient } from '@melon/shared/client/client';
import type { AccountInfo } from '@melon/shared/contracts/passport';

/** POST /passport/auth/bind_conflict/resolve/: switch signs in (AccountInfo); unbind answers null. */
export function resolveBindConflict(
  client: MelonClient,
  choice: 'switch' | 'unbind',
): Promise<AccountInfo | null> {
  return client.post<AccountInfo | null>('/passport/auth/bind_conflict/resolve/', { choice });
}
