import type { ItemMediaState } from '@melon/db/tables/media';
import { Visibility } from '@melon/db/enums';

/*
 * Who may see an item, and where it is listed: the one place these rules live. Every call that
 * finds an item for someone asks `canView` (or `canEdit`), every list asks `LISTED_IN`, and a
 * caller answers a hidden item exactly as it answers an unknown one.
 */

/** What the rules read of an item. */
export interface PolicyItem {
  user_id: string;
  visibility: Visibility;
  /** The uploaded video's state; null for an item without a media row (catalogue items). */
  media_state: ItemMediaState | null;
}

/** Who asks: a signed-in user's id, or null for a visitor. */
export type ViewerId = string | null;

/** Media states whose item shows to nobody but its author: nothing of it can be played. */
export const HIDDEN_MEDIA_STATES: readonly ItemMediaState[] = ['processing', 'failed'];

/** Where an item may be listed for people other than its author. */
export type ListingPlace = 'link' | 'homepage' | 'feed' | 'search';

/**
 * The SPEC §3 visibility levels and where each shows: `link` — opened by its id (the video
 * page and everything about the item: its danmaku, its files); `homepage` — listed on its
 * author's home page; `feed` — listed in channel feeds (decision 003). The spec names the
 * levels without saying more: homepage-only (20) is reached by link and on the home page but
 * stays out of feeds, like the "limit-feed" levels; self (15) and delete (10) show nowhere.
 * `search` — found by search (decision 035): every level listed beyond the author's home page,
 * the limit-feed levels too (they stay out of recommendations, not out of search).
 */
const LEVELS: Record<Visibility, Record<ListingPlace, boolean>> = {
  [Visibility.Delete]: { link: false, homepage: false, feed: false, search: false },
  [Visibility.Self]: { link: false, homepage: false, feed: false, search: false },
  [Visibility.Homepage]: { link: true, homepage: true, feed: false, search: false },
  [Visibility.LimitPartAllowFeed]: { link: true, homepage: true, feed: true, search: true },
  [Visibility.LimitPartLimitFeed]: { link: true, homepage: true, feed: false, search: true },
  [Visibility.LimitPart]: { link: true, homepage: true, feed: false, search: true },
  [Visibility.All]: { link: true, homepage: true, feed: true, search: true },
  [Visibility.AllPartLimitFeed]: { link: true, homepage: true, feed: false, search: true },
  [Visibility.All69]: { link: true, homepage: true, feed: true, search: true },
};

const levelsWhere = (place: ListingPlace): readonly Visibility[] =>
  Object.values(Visibility).filter((level) => LEVELS[level][place]);

/** The visibility levels listed in each place, for queries over many items. */
export const LISTED_IN: Readonly<Record<ListingPlace, readonly Visibility[]>> = {
  link: levelsWhere('link'),
  homepage: levelsWhere('homepage'),
  feed: levelsWhere('feed'),
  search: levelsWhere('search'),
};

/** Whether the item is deleted (level 10): gone for everyone, its author too. */
export const isDeleted = (item: Pick<PolicyItem, 'visibility'>) =>
  item.visibility === Visibility.Delete;
const isAuthor = (item: PolicyItem, viewerId: ViewerId) =>
  viewerId !== null && viewerId === item.user_id;

/** A rule's answer: allowed, refused, or not this rule's business (the next one decides). */
type Verdict = 'allow' | 'deny' | undefined;
type ViewRule = (item: PolicyItem, viewerId: ViewerId) => Verdict;

/** A deleted item is gone, for its author too. */
const deletedIsGone: ViewRule = (item) => (isDeleted(item) ? 'deny' : undefined);

/** An author sees their own item whatever its level or media state. */
const authorSeesOwn: ViewRule = (item, viewerId) =>
  isAuthor(item, viewerId) ? 'allow' : undefined;

/** Self-only, and any level the spec does not list, is not reached by link. */
const levelReachedByLink: ViewRule = (item) =>
  LISTED_IN.link.includes(item.visibility) ? undefined : 'deny';

/** A video still processing, or that failed, has nothing to show to anyone else. */
const mediaPlayable: ViewRule = (item) =>
  item.media_state !== null && HIDDEN_MEDIA_STATES.includes(item.media_state) ? 'deny' : undefined;

/**
 * The rules of `canView`, in order; the first verdict decides and an item no rule refuses is
 * seen. A new condition on the viewer (a membership, say) is one more rule in this list.
 */
const VIEW_RULES: readonly ViewRule[] = [
  deletedIsGone,
  authorSeesOwn,
  levelReachedByLink,
  mediaPlayable,
];

/** Whether the viewer may open the item by its id; callers answer "no" as "no such item". */
export function canView(item: PolicyItem, viewerId: ViewerId): boolean {
  for (const rule of VIEW_RULES) {
    const verdict = rule(item, viewerId);
    if (verdict !== undefined) return verdict === 'allow';
  }
  return true;
}

/** Whether the viewer may manage the item and what hangs on it (its danmaku): its author. */
export function canEdit(item: PolicyItem, viewerId: ViewerId): boolean {
  return !isDeleted(item) && isAuthor(item, viewerId);
}

/**
 * Whether the item's stored files (its package, covers, preview) may be sent to whoever holds
 * their URL: its media ready and the item not deleted. Who asks is not known there — the
 * answers are cached publicly — but the URLs are handed out only to viewers `canView` lets in.
 */
export function canServeFiles(item: Pick<PolicyItem, 'visibility' | 'media_state'>): boolean {
  return !isDeleted(item) && item.media_state === 'ready';
}
