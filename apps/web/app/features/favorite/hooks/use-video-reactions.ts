import { diggAction, favoriteAction } from '@melon/shared/calls/favorite.calls';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { browserClient } from '~/lib/browser-client.ts';
import type { ReactionDeps } from '../reaction-deps.ts';
import { favoriteMessages as t } from '../messages.ts';
import { useReaction, type ReactionControl } from './use-reaction.ts';

/** The like and the favourite of the video page's item (digg_action, favorite_action). */
export function useVideoReactions(
  details: Pick<
    VideoDetails,
    'group_id' | 'digg_count' | 'user_digg' | 'favorite_count' | 'user_favorite'
  >,
  deps: ReactionDeps,
): { like: ReactionControl; favorite: ReactionControl } {
  const groupId = details.group_id;
  const like = useReaction(
    { active: details.user_digg, count: details.digg_count },
    {
      source: 'like',
      send: async (active) => {
        const answer = await browserClient().call(diggAction, {
          group_id: groupId,
          action: active ? 'digg' : 'cancel_digg',
        });
        return { active: answer.user_digg, count: answer.digg_count };
      },
    },
    deps,
  );
  const favorite = useReaction(
    { active: details.user_favorite, count: details.favorite_count },
    {
      source: 'favorite',
      send: async (active) => {
        const answer = await browserClient().call(favoriteAction, {
          group_id: groupId,
          action: active ? 'favorite' : 'cancel_favorite',
        });
        return { active: answer.user_favorite, count: answer.favorite_count };
      },
      done: (active) => (active ? t.favoriteAdded : t.favoriteRemoved),
    },
    deps,
  );
  return { like, favorite };
}
