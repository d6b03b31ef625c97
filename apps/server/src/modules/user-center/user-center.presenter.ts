import type { AvatarUploaded, CanUpdateInfo, IsLogout } from '@melon/shared/contracts/user-center';
import { toSeconds } from '@melon/shared/format/timestamp';
import { mediaUrl } from '../../storage/media-url.ts';

export const presentIsLogout = (signedIn: boolean): IsLogout => ({ is_logout: !signedIn });

/** Whether the name may change now; if not, when it may next (10-digit seconds). */
export function presentCanUpdateInfo(nextNameChangeMs: number | null): CanUpdateInfo {
  return nextNameChangeMs === null
    ? { can_update_name: true, next_name_update_time: null }
    : { can_update_name: false, next_name_update_time: toSeconds(nextNameChangeMs) };
}

/** The stored avatar's URL, from its uri under the media dir. */
export const presentAvatar = (uri: string): AvatarUploaded => ({ avatar_url: mediaUrl(uri) });
