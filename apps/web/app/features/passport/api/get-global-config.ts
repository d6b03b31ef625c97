import type { MelonClient } from '@melon/shared/client/client';
import type { GlobalConfig } from '@melon/shared/contracts/global-config';

/** GET /api/otherv2/global_config: identity (signed in or not) and the anti-forgery token. */
export function getGlobalConfig(client: MelonClient): Promise<GlobalConfig> {
  return client.get<GlobalConfig>('/api/otherv2/global_config');
}
