import type { MelonClient } from '@melon/shared/client/client';

/** POST /passport/web/logout/ */
export function logout(client: MelonClient): Promise<unknown> {
  return client.post<unknown>('/passport/web/logout/');
}
