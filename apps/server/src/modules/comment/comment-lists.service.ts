import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import {
  COMMENT_TAB_HOT,
  type CommentPage,
  type CommentView,
  type ReplyPage,
} from '@melon/shared/contracts/comment';
import { invalid, notFound } from '../../lib/domain-error.ts';
import type { ViewerId } from '../item/item.policy.ts';
import type { ItemRow } from '../item/item.repository.ts';
import { findViewableItem } from '../item/item.service.ts';
import { decodeCursor, encodeCursor, FIRST_PAGE, type CommentCursor } from './comment-cursor.ts';
import {
  hotPage,
  replyPage,
  replyPreviews,
  timePage,
  type ListScope,
} from './comment-list.repository.ts';
import { diggedBy, listFactsOf } from './comment-marks.repository.ts';
import { commentMessages } from './comment.messages.ts';
import { canSee } from './comment.policy.ts';
import { presentComment, type Presentation } from './comment.presenter.ts';
import { findComment, findListedFor, type ListedRow, type Reader } from './comment.repository.ts';

/**
 * The hot order is read as it stood this long ago (decision 030): a like or reply whose
 * transaction read the clock just before a page did, but committed after, is then already in
 * the snapshot or stays out of it for every page, never in for one page and out for the next.
 */
export const HOT_SNAPSHOT_LAG_MS = 1000;

/**
 * How long a reader may page through one snapshot of the hot order. Older keys are swept from
 * the history (modules/sweeps), so an older cursor is refused and the page starts afresh.
 */
export const HOT_SNAPSHOT_MAX_AGE_MS = 24 * 3600 * 1000;

export interface CommentListsDeps {
  db: Kysely<Database>;
  /** Date.now when left out. */
  clock?: () => number;
}

export interface TabQuery {
  itemId: string;
  tab: number;
  offset: string | undefined;
  count: number;
  authorOnly: boolean;
  origin: string;
}

export interface ReplyQuery {
  rootId: string;
  offset: string | undefined;
  count: number;
  origin: string;
}

/** The comment lists: tab_comments (hot or time) and reply_list. */
export function createCommentLists({ db, clock = Date.now }: CommentListsDeps) {
  async function present(
    rows: readonly ListedRow[],
    viewerId: ViewerId,
    presentation: Omit<Presentation, 'diggs'>,
  ): Promise<CommentView[]> {
    const diggs = await diggedBy(
      db,
      viewerId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentComment(row, { ...presentation, diggs }));
  }

  /** The rows of the page (one more than `count` when more follow), and the cursor after. */
  async function rootsPage(scope: ListScope, query: TabQuery) {
    const limit = query.count + 1;
    if (query.tab === COMMENT_TAB_HOT) {
      const cursor = decodeCursor(query.offset, 'hot');
      if (cursor && cursor.at < clock() - HOT_SNAPSHOT_MAX_AGE_MS) {
        throw invalid(commentMessages.listExpired, 'offset');
      }
      const at = cursor?.at ?? clock() - HOT_SNAPSHOT_LAG_MS;
      const rows = await hotPage(db, scope, at, cursor, limit);
      const last = rows[query.count - 1];
      const next: CommentCursor | undefined = last && {
        sort: 'hot',
        at,
        key: last.key_at,
        id: last.id,
      };
      return { rows, next, first: cursor === undefined };
    }
    const cursor = decodeCursor(query.offset, 'time');
    const rows = await timePage(db, scope, cursor, limit);
    const last = rows[query.count - 1];
    const next: CommentCursor | undefined = last && {
      sort: 'time',
      createdAt: last.created_at,
      id: last.id,
    };
    return { rows, next, first: cursor === undefined };
  }

  /** SPEC §7 tab_comments for an item the viewer may see. */
  async function tabOf(item: ItemRow, query: TabQuery, viewerId: ViewerId): Promise<CommentPage> {
    const reader: Reader = { viewerId, isItemAuthor: viewerId === item.user_id };
    const { pinnedId, total } = await listFactsOf(db, item.id);
    const hot = query.tab === COMMENT_TAB_HOT;
    const scope: ListScope = {
      itemId: item.id,
      reader,
      authorOnly: query.authorOnly ? { authorId: item.user_id } : undefined,
      excludeId: hot ? pinnedId : undefined,
    };
    const { rows, next, first } = await rootsPage(scope, query);
    const pinned =
      hot && first && pinnedId !== undefined
        ? await findListedFor(db, pinnedId, reader)
        : undefined;
    const shown = [...(pinned ? [pinned] : []), ...rows.slice(0, query.count)];
    const previews = await replyPreviews(
      db,
      shown.map((row) => row.id),
      reader,
    );
    const listed = [...shown, ...[...previews.values()].flat()];
    const presentation: Presentation = {
      itemAuthorId: item.user_id,
      origin: query.origin,
      diggs: await diggedBy(
        db,
        viewerId,
        listed.map((row) => row.id),
      ),
      pinnedId,
    };
    const view = (row: ListedRow) => presentComment(row, presentation);
    return {
      data: shown.map((row) => ({
        ...view(row),
        reply_preview: (previews.get(row.id) ?? []).map(view),
      })),
      offset: next && rows.length > query.count ? encodeCursor(next) : FIRST_PAGE,
      has_more: rows.length > query.count,
      total,
      sort: hot ? 'smart_hot' : 'smart_time',
    };
  }

  return {
    /** SPEC §7 tab_comments: the pinned comment leads the first page of the hot order. */
    async tab(query: TabQuery, viewerId: ViewerId): Promise<CommentPage> {
      const item = await findViewableItem(db, query.itemId, viewerId);
      if (!item) throw notFound(commentMessages.itemNotFound);
      return tabOf(item, query, viewerId);
    },

    /** The same for an item already found viewable by the viewer. */
    tabOf,

    /** SPEC §7 reply_list: a comment's replies, oldest first. */
    async replies(query: ReplyQuery, viewerId: ViewerId): Promise<ReplyPage> {
      const root = await findComment(db, query.rootId);
      const item =
        root && root.state !== 'deleted' && root.root_id === null
          ? await findViewableItem(db, root.item_id, viewerId)
          : undefined;
      if (!root || !item || !canSee(root, item, viewerId)) {
        throw notFound(commentMessages.commentNotFound);
      }
      const reader: Reader = { viewerId, isItemAuthor: viewerId === item.user_id };
      const cursor = decodeCursor(query.offset, 'time');
      const rows = await replyPage(db, root.id, reader, cursor, query.count + 1);
      const last = rows[query.count - 1];
      const hasMore = rows.length > query.count;
      return {
        data: await present(rows.slice(0, query.count), viewerId, {
          itemAuthorId: item.user_id,
          origin: query.origin,
          pinnedId: undefined,
        }),
        offset:
          hasMore && last
            ? encodeCursor({ sort: 'time', createdAt: last.created_at, id: last.id })
            : FIRST_PAGE,
        has_more: hasMore,
      };
    },
  };
}

export type CommentLists = ReturnType<typeof createCommentLists>;
