import { describe, expect, it } from 'vitest';
import type { AlbumEpisode, VideoDetails } from '@melon/shared/contracts/video';
import { videoDetails } from '@melon/shared/testing/video-details';
import type { ToPlayEntry } from '@melon/shared/contracts/to-play';
import { itemPath, nextItemsOf, nextItemsOfBasket } from './next-items.ts';

const ITEM = '7000000000000000002';

function details(overrides: Partial<VideoDetails>): VideoDetails {
  return videoDetails({ group_id: ITEM, item_id: ITEM, title: '第二个', ...overrides });
}

function episode(seq: number): AlbumEpisode {
  return {
    item_id: `700000000000000000${seq}`,
    title: `第${seq}集 标题`,
    cover_url: `/c/${seq}.jpg`,
    duration: 60,
    seq,
    episode_label: `第${seq}集`,
    episode_type: 'official',
    opening_ms: null,
    ending_ms: null,
  };
}

describe('nextItemsOf', () => {
  it('is null for a lone video', () => {
    expect(nextItemsOf(details({}))).toBeNull();
  });

  it('lists a series in order and marks the current item', () => {
    const list = nextItemsOf(
      details({
        series: {
          series_id: '9',
          title: '旅行',
          item_type: 26,
          total: 3,
          current_position: 2,
          next_item_id: '7000000000000000003',
          items: [1, 2, 3].map((n) => ({
            item_id: `700000000000000000${n}`,
            title: `第${n}站`,
            cover_url: '',
            duration: 30,
            position: n,
          })),
        },
      }),
    );
    expect(list).toMatchObject({
      kind: 'series',
      title: '旅行',
      total: 3,
      currentPosition: 2,
      nextItemId: '7000000000000000003',
      firstItemId: '7000000000000000001',
    });
    expect(list?.items.map((item) => [item.label, item.current])).toEqual([
      ['1', false],
      ['2', true],
      ['3', false],
    ]);
  });

  it('lists an album by episode labels; the last episode has no next', () => {
    const list = nextItemsOf(
      details({
        album: {
          album_id: '8',
          title: '电视剧',
          cover_url: '',
          album_type: 2,
          sequence_type: 'episode',
          total_episodes: null,
          current: episode(2),
          next_item_id: null,
          episodes: [episode(1), episode(2)],
        },
      }),
    );
    expect(list).toMatchObject({ kind: 'album', total: 2, currentPosition: 2, nextItemId: null });
    expect(list?.items.map((item) => item.label)).toEqual(['第1集', '第2集']);
  });
});

describe('itemPath', () => {
  it.each([
    {
      mix: { mixId: '8000000000000000001', mixItemType: 24 },
      id: ITEM,
      path: `/8000000000000000001?id=${ITEM}`,
    },
    {
      mix: { mixId: '8000000000000000001', mixItemType: 26 },
      id: ITEM,
      path: `/8000000000000000001?id=${ITEM}`,
    },
    { mix: { mixId: ITEM, mixItemType: 26 }, id: ITEM, path: `/${ITEM}` },
    { mix: { mixId: '8000000000000000001', mixItemType: 0 }, id: ITEM, path: `/${ITEM}` },
  ])('$mix.mixItemType → $path', ({ mix, id, path }) => {
    expect(itemPath(mix, id)).toBe(path);
  });
});

describe('nextItemsOfBasket', () => {
  const entry = (n: number, label = ''): ToPlayEntry => ({
    group_id: `800000000000000000${n}`,
    item_type: label ? 24 : 0,
    title: `待播 ${n}`,
    cover_url: `/c/${n}.webp`,
    duration: 30,
    play_id: `900000000000000000${n}`,
    episode_label: label,
  });
  const basket = [entry(1), entry(2, '第3集'), entry(3)];

  it('marks the entry playing and plays the one after it next', () => {
    const list = nextItemsOfBasket(basket, entry(2).group_id);
    expect(list).toMatchObject({
      kind: 'toplay',
      total: 3,
      currentPosition: 2,
      nextItemId: entry(3).group_id,
      firstItemId: entry(1).group_id,
    });
    expect(list.items[1]).toMatchObject({ current: true, label: '第3集', title: '待播 2' });
  });

  it('has no next after the last, and starts at the first for an entry not in it', () => {
    expect(nextItemsOfBasket(basket, entry(3).group_id).nextItemId).toBeNull();
    const removed = nextItemsOfBasket(basket, '8000000000000000099');
    expect(removed.currentPosition).toBe(0);
    expect(removed.nextItemId).toBe(entry(1).group_id);
    expect(removed.items.some((item) => item.current)).toBe(false);
  });
});
