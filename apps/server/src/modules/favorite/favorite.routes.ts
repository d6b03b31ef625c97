import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import {
  addFavorite,
  addVote,
  deleteFavorite,
  diggAction,
  favoriteAction,
  getFavorites,
  searchFavorites,
} from '@melon/shared/calls/favorite.calls';
import { route } from '../../plugins/app/call-route.ts';
import { createFavoriteService } from './favorite.service.ts';

/**
 * Likes, favourites and votes (SPEC §7 Video). Every call needs the signed-in user (a 401 opens
 * the login prompt with its SPEC §6 source) and every write the anti-forgery header.
 */
export default function favoriteRoutes(app: FastifyInstance): void {
  const service = createFavoriteService({ db: app.db });

  route(app, diggAction, ({ group_id, action }, { user }) =>
    service.digg(user.id, group_id, action === 'digg'),
  );

  route(app, favoriteAction, ({ group_id, action }, { user }) =>
    service.favorite(user.id, group_id, action === 'favorite'),
  );

  route(app, addFavorite, ({ group_id }, { user }) => service.favorite(user.id, group_id, true));

  route(app, deleteFavorite, async ({ group_ids }, { user }) => ({
    deleted: await service.removeFavorites(user.id, group_ids),
  }));

  route(app, getFavorites, ({ tab_key, cursor, count }, { user }) =>
    service.favorites(user.id, {
      tab: tab_key ?? 'all',
      cursor,
      count: count ?? DEFAULT_PAGE_SIZE,
    }),
  );

  route(app, searchFavorites, ({ tab_key, cursor, count, keyword }, { user }) =>
    service.favorites(user.id, {
      tab: tab_key ?? 'all',
      cursor,
      count: count ?? DEFAULT_PAGE_SIZE,
      keyword,
    }),
  );

  route(app, addVote, ({ vote_id, option_id }, { user }) =>
    service.vote(user.id, vote_id, option_id),
  );
}
