import type { MelonClient } from '@melon/shared/client/client';
import type { BindConflict } from '@melon/shared/contracts/passport';

/** GET /passport/auth/bind_conflict/: the pending third-party bind conflict of this browser. */
export function getBindConflict(client: MelonClient): Promise<BindConflict> {
  return client.get<BindConflict>('/passport/auth/bind_conflict/');
}
