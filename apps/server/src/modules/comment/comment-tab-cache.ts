import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CommentPage } from '@melon/shared/contracts/comment';
import { notFound } from '../../lib/domain-error.ts';
import { canView, type ViewerId } from '../item/item.policy.ts';
import type { ItemRow } from '../item/item.repository.ts';
import { findViewableItem } from '../item/item.service.ts';
import type { CommentLists, TabQuery } from './comment-lists.service.ts';
import { commentMessages } from './comment.messages.ts';
import type { LikeMarkedAnswer } from './comment-like-marks.ts';
import { createCommentPageCache } from './comment-page-cache.ts';
import { diggedBy, hiddenCommentWriters } from './comment-marks.repository.ts';

/**
 * How long a visitor's page of comments is shared (decision 030, as the feed's, decision 003):
 * counts and new comments show within this time on other servers; on this one a comment, a
 * reply, a delete, a pin or an approval shows at once (the item's pages are forgotten).
 */
const COMMENT_PAGE_CACHE_TTL_MS = 1000;
const CACHED_ITEMS = 2000;
const CACHED_PAGES_PER_ITEM = 64;

/**
 * The page every visitor sees, built once per second at most (the item's absence too, when
 * visitors may not see it). `answer` keeps the answer's bytes once the route has made them.
 */
export interface SharedPage {
  /** The item as the page was built: the item policy is asked of it for a signed-in viewer. */
  item: ItemRow;
  page: CommentPage;
  /** Every comment and reply the page shows: each comment, then its reply_preview. */
  shownIds: readonly string[];
  /** Who has a comment or reply on the item that only they see, as the page was built. */
  hiddenWriters: ReadonlySet<string>;
  answer?: LikeMarkedAnswer;
}

/**
 * A page: the shared one, with the viewer's likes to mark (none for a visitor), or one made for
 * a signed-in viewer.
 */
export type TabAnswer = { shared: SharedPage; likes: ReadonlySet<string> } | { own: CommentPage };

const NO_LIKES: ReadonlySet<string> = new Set();

/**
 * tab_comments with the visitors' page shared. A signed-in viewer gets the shared page with
 * their likes marked in its bytes, unless the page could differ for them in what it lists: the
 * video's author (held comments) and a writer with a filtered or held comment on the video (read
 * with the shared page; a new one forgets the item's pages) get a page made for them. So no one
 * is ever shown another's filtered or held comment.
 */
export function createCommentTabCache({
  db,
  lists,
}: {
  db: Kysely<Database>;
  lists: CommentLists;
}) {
  const pages = createCommentPageCache<SharedPage | undefined>({
    ttlMs: COMMENT_PAGE_CACHE_TTL_MS,
    maxItems: CACHED_ITEMS,
    maxPerItem: CACHED_PAGES_PER_ITEM,
  });

  function sharedPage(query: TabQuery): Promise<SharedPage | undefined> {
    const key = [query.tab, query.offset ?? '', query.count, query.authorOnly, query.origin];
    return pages.get(query.itemId, JSON.stringify(key), async () => {
      const item = await findViewableItem(db, query.itemId, null);
      if (!item) return undefined;
      const [page, hiddenWriters] = await Promise.all([
        lists.tabOf(item, query, null),
        hiddenCommentWriters(db, item.id),
      ]);
      const shownIds = page.data.flatMap((c) => [c.id, ...c.reply_preview.map((r) => r.id)]);
      return { item, page, shownIds, hiddenWriters };
    });
  }

  /** A page made for the viewer, never shared. */
  async function ownPage(query: TabQuery, viewerId: string, item?: ItemRow): Promise<TabAnswer> {
    const viewable = item ?? (await findViewableItem(db, query.itemId, viewerId));
    if (!viewable) throw notFound(commentMessages.itemNotFound);
    return { own: await lists.tabOf(viewable, query, viewerId) };
  }

  return {
    async tab(query: TabQuery, viewerId: ViewerId): Promise<TabAnswer> {
      const shared = await sharedPage(query);
      if (viewerId === null) {
        if (!shared) throw notFound(commentMessages.itemNotFound);
        return { shared, likes: NO_LIKES };
      }
      // Visitors may not see the item: perhaps this viewer may (its author).
      if (!shared) return ownPage(query, viewerId);
      const { item } = shared;
      if (!canView(item, viewerId)) throw notFound(commentMessages.itemNotFound);
      if (viewerId === item.user_id || shared.hiddenWriters.has(viewerId)) {
        return ownPage(query, viewerId, item);
      }
      return { shared, likes: await diggedBy(db, viewerId, shared.shownIds) };
    },

    /** After a write that changes what the item's lists show. */
    forget(itemId: string): void {
      pages.forget(itemId);
    },
  };
}

export type CommentTabCache = ReturnType<typeof createCommentTabCache>;
