import { followAction } from '@melon/shared/calls/follow.calls';
import { ApiError } from '@melon/shared/client/errors';
import type { FollowState } from '@melon/shared/contracts/follow';
import { browserClient } from '~/lib/browser-client.ts';
import { followMessages as t } from './messages.ts';

/**
 * Follows or unfollows the user and tells the viewer how it went; answers the state after, or
 * null when the server refused (its message was shown).
 */
export async function sendFollow(
  userId: string,
  follow: boolean,
  notify: (message: string) => void,
): Promise<FollowState | null> {
  try {
    const answer = await browserClient().call(followAction, {
      to_user_id: userId,
      action: follow ? 'follow' : 'cancel_follow',
    });
    notify(answer.follow ? t.followed : t.unfollowed);
    return answer;
  } catch (error) {
    notify(error instanceof ApiError && error.message ? error.message : t.failed);
    return null;
  }
}
