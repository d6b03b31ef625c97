import { describe, expect, it } from 'vitest';
import type { ItemMediaState } from '@melon/db/tables/media';
import { Visibility } from '@melon/db/enums';
import { canEdit, canServeFiles, canView, LISTED_IN, type PolicyItem } from './item.policy.ts';

const AUTHOR = '7300000000000000001';
const OTHER = '7300000000000000002';

/** SPEC §3 levels: opened by link, listed on the author's home page, listed in feeds. */
const LEVELS: [name: string, level: Visibility, link: boolean, homepage: boolean, feed: boolean][] =
  [
    ['delete', Visibility.Delete, false, false, false],
    ['self', Visibility.Self, false, false, false],
    ['homepage', Visibility.Homepage, true, true, false],
    ['limit-part-allow-feed', Visibility.LimitPartAllowFeed, true, true, true],
    ['limit-part-limit-feed', Visibility.LimitPartLimitFeed, true, true, false],
    ['limit-part', Visibility.LimitPart, true, true, false],
    ['all (60)', Visibility.All, true, true, true],
    ['all-part-limit-feed', Visibility.AllPartLimitFeed, true, true, false],
    ['all (69)', Visibility.All69, true, true, true],
    // A value the database could hold that is no SPEC level: shown nowhere.
    ['a level the spec does not list', 50 as Visibility, false, false, false],
  ];

/** Media states, and whether an item in it has anything to show. */
const MEDIA: [state: ItemMediaState | null, playable: boolean][] = [
  [null, true],
  ['ready', true],
  ['processing', false],
  ['failed', false],
];

const VIEWERS: [name: string, id: string | null, isAuthor: boolean][] = [
  ['its author', AUTHOR, true],
  ['another user', OTHER, false],
  ['a visitor', null, false],
];

const CASES = LEVELS.flatMap(([levelName, visibility, link]) =>
  MEDIA.flatMap(([media_state, playable]) =>
    VIEWERS.map(([viewer, viewerId, isAuthor]) => {
      const deleted = visibility === Visibility.Delete;
      return {
        title: `${levelName}, media ${media_state ?? 'none'}, ${viewer}`,
        item: { user_id: AUTHOR, visibility, media_state } satisfies PolicyItem,
        viewerId,
        // The author sees their own item unless deleted; anyone else only a linkable, playable one.
        view: isAuthor ? !deleted : link && playable,
        edit: isAuthor && !deleted,
      };
    }),
  ),
);

describe('canView and canEdit', () => {
  it.each(CASES)('$title: view $view, edit $edit', ({ item, viewerId, view, edit }) => {
    expect(canView(item, viewerId)).toBe(view);
    expect(canEdit(item, viewerId)).toBe(edit);
  });

  it('keeps a deleted item from its author too', () => {
    const item = { user_id: AUTHOR, visibility: Visibility.Delete, media_state: 'ready' } as const;
    expect(canView(item, AUTHOR)).toBe(false);
    expect(canEdit(item, AUTHOR)).toBe(false);
  });
});

describe('LISTED_IN', () => {
  it.each(['link', 'homepage', 'feed'] as const)('lists the SPEC levels of %s', (place) => {
    const column = { link: 2, homepage: 3, feed: 4 }[place];
    const expected = LEVELS.filter((row) => row[column]).map((row) => row[1]);
    expect([...LISTED_IN[place]].sort()).toEqual(expected.sort());
  });

  it('keeps homepage-only items out of feeds but reachable by link (decision 003)', () => {
    expect(LISTED_IN.feed).toEqual([
      Visibility.LimitPartAllowFeed,
      Visibility.All,
      Visibility.All69,
    ]);
    expect(LISTED_IN.link).toContain(Visibility.Homepage);
  });
});

describe('canServeFiles', () => {
  it.each(
    LEVELS.flatMap(([name, visibility]) =>
      MEDIA.map(([media_state]) => ({ name, visibility, media_state })),
    ),
  )('$name with media $media_state', ({ visibility, media_state }) => {
    expect(canServeFiles({ visibility, media_state })).toBe(
      visibility !== Visibility.Delete && media_state === 'ready',
    );
  });
});
