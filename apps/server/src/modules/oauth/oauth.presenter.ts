import type {
  BindConflict,
  OauthPlatform,
  OauthPlatformList,
} from '@melon/shared/contracts/passport';
import { maskMobile } from '../account/account.presenter.ts';
import type { ConflictDescription } from './oauth.service.ts';

export const presentPlatforms = (platforms: readonly OauthPlatform[]): OauthPlatformList => ({
  platforms: [...platforms],
});

/** The conflict for the bind-conflict page (SPEC §8), the mobile number masked. */
export const presentBindConflict = (conflict: ConflictDescription): BindConflict => ({
  platform: conflict.platform,
  bound_name: conflict.boundName,
  incoming_name: conflict.incomingName,
  mobile: conflict.mobile ? maskMobile(conflict.mobile) : '',
  service: conflict.service,
});
