import type { MelonClient } from '@melon/shared/client/client';
import type { OauthPlatformList } from '@melon/shared/contracts/passport';

/** GET /passport/auth/platforms/: the third-party platforms this site is configured for. */
export function getOauthPlatforms(client: MelonClient): Promise<OauthPlatformList> {
  return client.get<OauthPlatformList>('/passport/auth/platforms/');
}
