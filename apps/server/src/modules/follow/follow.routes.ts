import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import {
  blockUser,
  followAction,
  getAttentionFeed,
  getFansList,
  getFollowList,
  getFollowRelation,
  searchFollowList,
  unblockUser,
} from '@melon/shared/calls/follow.calls';
import { AUTHOR_LIST_DEFAULT_COUNT } from '@melon/shared/contracts/follow';
import { loginRequired } from '../../http/api-error.ts';
import { invalid } from '../../lib/domain-error.ts';
import type { SessionUser } from '../../http/session-user.ts';
import { route } from '../../plugins/app/call-route.ts';
import { followMessages } from './follow.messages.ts';
import { createFollowService } from './follow.service.ts';

/** The user a list is of: the one named, else the signed-in viewer (a visitor must name one). */
function listedUser(userId: string | undefined, viewer: SessionUser | null): string {
  const id = userId ?? viewer?.id;
  if (id === undefined) throw loginRequired();
  return id;
}

/**
 * Follows and blocks (SPEC §7): the follow action, the fan and follow lists, the search among
 * one's follows, block and its cancel, and the attention feed of /my/attention. Writes need the signed-in user and the anti-forgery
 * header, and count in the 'follow' rate-limit bucket.
 */
export default function followRoutes(app: FastifyInstance): void {
  const follows = createFollowService({ db: app.db, newId: app.newId });

  route(app, followAction, ({ to_user_id, action }, { user }) =>
    action === 'follow'
      ? follows.follow(user.id, to_user_id)
      : follows.unfollow(user.id, to_user_id),
  );

  route(app, getFansList, ({ user_id, cursor, count = AUTHOR_LIST_DEFAULT_COUNT }, { user }) =>
    follows.list({
      side: 'fans',
      userId: listedUser(user_id, user),
      viewerId: user?.id ?? null,
      cursor,
      count,
    }),
  );

  route(app, getFollowList, ({ user_id, cursor, count = AUTHOR_LIST_DEFAULT_COUNT }, { user }) =>
    follows.list({
      side: 'follows',
      userId: listedUser(user_id, user),
      viewerId: user?.id ?? null,
      cursor,
      count,
    }),
  );

  route(
    app,
    searchFollowList,
    ({ keyword, cursor, count = AUTHOR_LIST_DEFAULT_COUNT }, { user }) => {
      const words = keyword.trim();
      if (words === '') throw invalid(followMessages.keywordEmpty, 'keyword');
      return follows.list({
        side: 'follows',
        userId: user.id,
        viewerId: user.id,
        cursor,
        count,
        keyword: words,
      });
    },
  );

  route(app, getFollowRelation, async ({ user_ids }, { user }) => ({
    followed: await follows.followedAmong(user?.id ?? null, user_ids.split(',')),
  }));

  route(app, getAttentionFeed, ({ offset = 0, count = DEFAULT_PAGE_SIZE }, { user }) =>
    follows.attentionFeed(user.id, offset, count),
  );

  route(app, blockUser, ({ user_id }, { user }) => follows.block(user.id, user_id));
  route(app, unblockUser, ({ user_id }, { user }) => follows.unblock(user.id, user_id));
}
