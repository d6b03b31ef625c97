import type { MelonClient } from '@melon/shared/client/client';
import type { SessionList } from '@melon/shared/contracts/passport';

/** GET /passport/web/sessions/: the devices signed in to this account. */
export function getSessions(client: MelonClient): Promise<SessionList> {
  return client.get<SessionList>('/passport/web/sessions/');
}
