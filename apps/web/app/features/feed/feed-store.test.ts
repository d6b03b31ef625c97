import { describe, expect, it } from 'vitest';
import type { FeedCell, FeedPage } from '@melon/shared/contracts/feed';
import { emptyFeed, feedReducer, type FeedAction, type FeedState } from './feed-store.ts';

function cell(groupId: string, albumId: string | null = null): FeedCell {
  return {
    groupId,
    albumId,
    itemType: albumId ? 24 : 0,
    title: `视频 ${groupId}`,
    publishTime: 1_700_000_000,
    duration: 61,
    behotTime: 1_700_000_000,
    playNum: 0,
    coverUrl: `/media/${groupId}-large.webp`,
    thumbUrl: `/media/${groupId}-middle.webp`,
    tag: '推荐',
    abstract: '',
    logPb: { impr_id: '1', channel_id: '1' },
    preview_url: null,
    isTop: false,
    rank: 1,
    offset: 0,
    videoUserLike: 0,
    userInfo: { user_id: '7', name: '作者', avatar_url: '', follow: false },
    hideType: 0,
    co_creators_video_info: [],
    isVr: false,
  };
}

function page(list: FeedCell[], offset: number, channelId = '1'): FeedPage {
  return { channelId, list, hasMore: list.length > 0, offset };
}

const ids = (state: FeedState) => state.list.map((c) => c.groupId);

const filled: FeedState = {
  channelId: '1',
  list: [cell('a'), cell('b', 'album-b')],
  hasMore: true,
  offset: 2,
};

describe('feedReducer', () => {
  const cases: {
    name: string;
    state: FeedState;
    action: FeedAction;
    list: string[];
    hasMore: boolean;
    offset: number;
    channelId?: string;
  }[] = [
    {
      name: 'set replaces the list',
      state: filled,
      action: { type: 'set', page: page([cell('c'), cell('d')], 2) },
      list: ['c', 'd'],
      hasMore: true,
      offset: 2,
    },
    {
      name: 'set takes the channel of its page',
      state: filled,
      action: { type: 'set', page: page([cell('c')], 1, '5') },
      list: ['c'],
      hasMore: true,
      offset: 1,
      channelId: '5',
    },
    {
      name: 'set de-duplicates within its page',
      state: emptyFeed('1'),
      action: { type: 'set', page: page([cell('c'), cell('c'), cell('d')], 3) },
      list: ['c', 'd'],
      hasMore: true,
      offset: 3,
    },
    {
      name: 'append concatenates',
      state: filled,
      action: { type: 'append', page: page([cell('c'), cell('d')], 4) },
      list: ['a', 'b', 'c', 'd'],
      hasMore: true,
      offset: 4,
    },
    {
      name: 'append drops a cell with a known group id',
      state: filled,
      action: { type: 'append', page: page([cell('a'), cell('c')], 4) },
      list: ['a', 'b', 'c'],
      hasMore: true,
      offset: 4,
    },
    {
      name: 'append drops a cell with a known album id',
      state: filled,
      action: { type: 'append', page: page([cell('b2', 'album-b'), cell('c')], 4) },
      list: ['a', 'b', 'c'],
      hasMore: true,
      offset: 4,
    },
    {
      name: 'append keeps cells whose album ids differ',
      state: filled,
      action: { type: 'append', page: page([cell('e', 'album-e'), cell('f', 'album-f')], 4) },
      list: ['a', 'b', 'e', 'f'],
      hasMore: true,
      offset: 4,
    },
    {
      name: 'hasMore stays true while the payload is non-empty, even when all of it was known',
      state: filled,
      action: { type: 'append', page: page([cell('a')], 3) },
      list: ['a', 'b'],
      hasMore: true,
      offset: 3,
    },
    {
      name: 'an empty payload ends the feed',
      state: filled,
      action: { type: 'append', page: page([], 2) },
      list: ['a', 'b'],
      hasMore: false,
      offset: 2,
    },
    {
      name: 'an empty first page ends the feed',
      state: emptyFeed('1'),
      action: { type: 'set', page: page([], 0) },
      list: [],
      hasMore: false,
      offset: 0,
    },
    {
      name: 'a late page of another channel is ignored',
      state: filled,
      action: { type: 'append', page: page([cell('z')], 9, '7') },
      list: ['a', 'b'],
      hasMore: true,
      offset: 2,
    },
    {
      name: 'remove by group id',
      state: filled,
      action: { type: 'remove', id: 'a' },
      list: ['b'],
      hasMore: true,
      offset: 2,
    },
    {
      name: 'remove by album id',
      state: filled,
      action: { type: 'remove', id: 'album-b' },
      list: ['a'],
      hasMore: true,
      offset: 2,
    },
    {
      name: 'remove of an unknown id changes nothing',
      state: filled,
      action: { type: 'remove', id: 'nope' },
      list: ['a', 'b'],
      hasMore: true,
      offset: 2,
    },
    {
      name: 'reset empties the feed for a channel',
      state: filled,
      action: { type: 'reset', channelId: '3' },
      list: [],
      hasMore: true,
      offset: 0,
      channelId: '3',
    },
  ];

  it.each(cases)('$name', ({ state, action, list, hasMore, offset, channelId = '1' }) => {
    const next = feedReducer(state, action);
    expect(ids(next)).toEqual(list);
    expect(next.hasMore).toBe(hasMore);
    expect(next.offset).toBe(offset);
    expect(next.channelId).toBe(channelId);
  });

  it('never changes the state it was given', () => {
    const before = structuredClone(filled);
    feedReducer(filled, { type: 'append', page: page([cell('c')], 3) });
    feedReducer(filled, { type: 'remove', id: 'a' });
    expect(filled).toEqual(before);
  });

  it('returns the same state when nothing was removed', () => {
    expect(feedReducer(filled, { type: 'remove', id: 'nope' })).toBe(filled);
  });
});
