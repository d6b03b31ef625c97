import type { MelonClient } from '@melon/shared/client/client';

/** POST /passport/web/sessions/revoke/: signs one device out. */
export function revokeSession(client: MelonClient, sessionId: string): Promise<unknown> {
  return client.post<unknown>('/passport/web/sessions/revoke/', { session_id: sessionId });
}
