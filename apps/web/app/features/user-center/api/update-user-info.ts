import type { MelonClient } from '@melon/shared/client/client';

/** POST /web/user/update/user_info/ (form): the fields given change, the others stay. */
export function updateUserInfo(
  client: MelonClient,
  body: { name?: string; description?: string },
): Promise<unknown> {
  return client.post<unknown>('/web/user/update/user_info/', body, { form: true });
}
