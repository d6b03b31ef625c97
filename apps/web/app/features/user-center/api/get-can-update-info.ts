import type { MelonClient } from '@melon/shared/client/client';
import type { CanUpdateInfo } from '@melon/shared/contracts/user-center';

/** GET /api/userv2/profile/can_update_info: whether the name may change now. */
export function getCanUpdateInfo(client: MelonClient): Promise<CanUpdateInfo> {
  return client.get<CanUpdateInfo>('/api/userv2/profile/can_update_info');
}
