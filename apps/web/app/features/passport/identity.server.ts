import type { MelonClient } from '@melon/shared/client/client';
import { ApiError } from '@melon/shared/client/errors';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { getOauthPlatforms } from '@melon/shared/calls/oauth.calls';
import { getAccountInfo } from '@melon/shared/calls/passport.calls';

export interface Identity {
  /** The anti-forgery token for this browser's calls. */
  csrfToken: string;
  account: AccountInfo | null;
}

/** Who is looking at the page, for server-side rendering. */
export async function loadIdentity(client: MelonClient): Promise<Identity> {
  const config = await client.call(getGlobalConfig);
  if (!config.isLogin) return { csrfToken: config.csrfToken, account: null };
  try {
    return { csrfToken: config.csrfToken, account: await client.call(getAccountInfo) };
  } catch (error) {
    // The session ended between the two calls: a visitor after all.
    if (error instanceof ApiError && error.status === 401) {
      return { csrfToken: config.csrfToken, account: null };
    }
    throw error;
  }
}

/** The third-party platforms on offer; none when the list cannot be had. */
export async function loadOauthPlatforms(client: MelonClient): Promise<readonly string[]> {
  try {
    return (await client.call(getOauthPlatforms)).platforms;
  } catch {
    return [];
  }
}
