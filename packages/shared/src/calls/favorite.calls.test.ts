import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.ts';
import { ApiError } from '../client/errors.ts';
import type { UnauthorizedRule } from './call.ts';
import {
  addFavorite,
  addVote,
  deleteFavorite,
  diggAction,
  favoriteAction,
  getFavorites,
  searchFavorites,
} from './favorite.calls.ts';

describe('the like, favourite and vote calls', () => {
  it.each([
    ['digg_action', diggAction, { prompt: 'like' }],
    ['favorite_action', favoriteAction, { prompt: 'favorite' }],
    ['add/favorite', addFavorite, { prompt: 'favorite' }],
    ['delete/favorite', deleteFavorite, { prompt: 'favorite' }],
    ['get/favorite', getFavorites, { prompt: 'login' }],
    ['add_vote', addVote, { prompt: 'vote' }],
  ] as const)('%s: a 401 opens the login prompt with its SPEC §6 source', (_name, call, rule) => {
    expect(call.signIn).toBe('required');
    expect(call.onUnauthorized).toEqual(rule);
  });

  it('search/favorite, which SPEC §6 does not list, takes the default redirect', () => {
    expect(searchFavorites.signIn).toBe('required');
    expect('onUnauthorized' in searchFavorites).toBe(false);
  });

  it('hands a 401 of digg_action to the hook with the like prompt', async () => {
    const rules: UnauthorizedRule[] = [];
    const client = createClient({
      baseUrl: 'http://melon.test',
      transport: () =>
        Promise.resolve(
          Response.json({ code: 401, message: '请先登录', data: null }, { status: 401 }),
        ),
      hooks: { onUnauthorized: ({ rule }) => rules.push(rule) },
    });
    const liking = client.call(diggAction, { group_id: '7000000000000000001', action: 'digg' });
    await expect(liking).rejects.toBeInstanceOf(ApiError);
    expect(rules).toEqual([{ prompt: 'like' }]);
  });
});
