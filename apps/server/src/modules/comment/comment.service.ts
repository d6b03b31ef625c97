import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CommentState } from '@melon/db/tables/comments';
import type { CommentView } from '@melon/shared/contracts/comment';
import { forbidden, invalid, notFound } from '../../lib/domain-error.ts';
import { isBlockedBy } from '../follow/follow.repository.ts';
import { findAttachableCommentImage } from '../image/image.service.ts';
import { moveItemCounter, type ItemRow } from '../item/item.repository.ts';
import { findViewableItem } from '../item/item.service.ts';
import { filterWordTextsOf } from './comment-filter.repository.ts';
import {
  deleteDigg,
  diggedBy,
  insertDigg,
  pinComment,
  pinnedOf,
  unpinComment,
} from './comment-marks.repository.ts';
import { commentMessages } from './comment.messages.ts';
import {
  canApprove,
  canComment,
  canDelete,
  canLike,
  canModerate,
  canReplyTo,
  canSee,
  isScreened,
  pinRefusal,
  screenedState,
} from './comment.policy.ts';
import { presentComment } from './comment.presenter.ts';
import {
  changeCounters,
  deleteWithReplies,
  findComment,
  findListed,
  insertComment,
  lockComment,
  markVisible,
  type CommentRow,
} from './comment.repository.ts';
import { checkCommentText } from './comment-text.ts';
import { hotKey } from './hot-score.ts';

export interface CommentServiceDeps {
  db: Kysely<Database>;
  newId: () => string;
  /** Date.now when left out. */
  clock?: () => number;
  /**
   * Told the item once a write that changes what its lists show has committed (a comment, a
   * reply, a delete, a pin, an approval; not a like): the lists' micro-cache forgets it.
   */
  onListChange?: (itemId: string) => void;
}

/** What a new comment or reply carries. */
export interface NewComment {
  text: string;
  /** The body field the text came in (text or content), for a 400. */
  textField: string;
  imageUri: string | undefined;
  /** This site's origin: links elsewhere hold a comment for approval. */
  origin: string;
}

/**
 * The comment writes (decision 030): every change to who sees a comment moves the item's
 * comment_count (comments and replies everyone sees) in the same transaction, and every change
 * to a comment's likes or replies moves its counters and hot key under its row's lock.
 */
export function createCommentService({
  db,
  newId,
  clock = Date.now,
  onListChange = () => undefined,
}: CommentServiceDeps) {
  async function requireItem(itemId: string, viewerId: string): Promise<ItemRow> {
    const item = await findViewableItem(db, itemId, viewerId);
    if (!item) throw notFound(commentMessages.itemNotFound);
    return item;
  }

  /** A comment the viewer may see (its item too); deleted and hidden ones are unknown. */
  async function requireComment(id: string, viewerId: string) {
    const row = await findComment(db, id);
    const item =
      row && row.state !== 'deleted'
        ? await findViewableItem(db, row.item_id, viewerId)
        : undefined;
    if (!row || !item || !canSee(row, item, viewerId)) {
      throw notFound(commentMessages.commentNotFound);
    }
    return { row, item };
  }

  async function refuseBlocked(item: ItemRow, writerId: string): Promise<void> {
    if (!canComment(await isBlockedBy(db, item.user_id, writerId))) {
      throw forbidden(commentMessages.blocked);
    }
  }

  /** Who sees the new comment (the policy's screening, with the author's filter words). */
  async function stateOfNew(
    text: string,
    writerId: string,
    item: ItemRow,
    origin: string,
  ): Promise<CommentState> {
    if (!isScreened(writerId, item)) return 'visible';
    return screenedState(text, await filterWordTextsOf(db, item.user_id), origin);
  }

  async function viewOf(id: string, item: ItemRow, viewerId: string, origin: string) {
    const row = await findListed(db, id);
    return presentComment(row, {
      itemAuthorId: item.user_id,
      origin,
      diggs: await diggedBy(db, viewerId, [id]),
      pinnedId: await pinnedOf(db, item.id),
    });
  }

  /** A reply everyone sees counts for its comment (and for the author's boost if theirs). */
  const replyChange = (reply: Pick<CommentRow, 'user_id'>, item: ItemRow, by: 1 | -1) => ({
    reply_count: by,
    author_reply_count: reply.user_id === item.user_id ? by : 0,
  });

  async function insert(
    writerId: string,
    item: ItemRow,
    input: NewComment,
    thread: { rootId: string; replyToUserId: string | null } | undefined,
  ): Promise<string> {
    const text = checkCommentText(input.text, input.textField);
    await refuseBlocked(item, writerId);
    if (
      input.imageUri !== undefined &&
      !(await findAttachableCommentImage(db, input.imageUri, writerId))
    ) {
      throw invalid(commentMessages.imageNotYours, 'image_info');
    }
    const state = await stateOfNew(text, writerId, item, input.origin);
    const id = newId();
    await db.transaction().execute(async (trx) => {
      const root = thread ? await lockComment(trx, thread.rootId) : undefined;
      // Deleted while this reply was on its way: the reply goes with it.
      if (root && root.state !== 'visible') throw notFound(commentMessages.commentNotFound);
      const now = clock();
      await insertComment(trx, {
        id,
        item_id: item.id,
        user_id: writerId,
        root_id: thread?.rootId ?? null,
        reply_to_user_id: thread?.replyToUserId ?? null,
        text,
        image_uri: input.imageUri ?? null,
        state,
        hot_key: hotKey({ diggs: 0, replies: 0, authorReplies: 0, createdAt: now }),
        hot_key_since: now,
        created_at: now,
      });
      if (state !== 'visible') return;
      await moveItemCounter(trx, item.id, 'comment_count', 1);
      if (root) await changeCounters(trx, root, replyChange({ user_id: writerId }, item, 1), clock);
    });
    return id;
  }

  return {
    async post(writerId: string, itemId: string, input: NewComment): Promise<CommentView> {
      const item = await requireItem(itemId, writerId);
      const id = await insert(writerId, item, input, undefined);
      onListChange(item.id);
      return viewOf(id, item, writerId, input.origin);
    },

    /** A reply to a comment or to a reply: it goes under the comment either way. */
    async reply(writerId: string, targetId: string, input: NewComment): Promise<CommentView> {
      const { row: target, item } = await requireComment(targetId, writerId);
      if (!canReplyTo(target)) throw notFound(commentMessages.commentNotFound);
      const thread =
        target.root_id === null
          ? { rootId: target.id, replyToUserId: null }
          : { rootId: target.root_id, replyToUserId: target.user_id };
      const id = await insert(writerId, item, input, thread);
      onListChange(item.id);
      return viewOf(id, item, writerId, input.origin);
    },

    /** By its writer or the video's author; a comment takes its replies with it. */
    async remove(userId: string, id: string): Promise<void> {
      const { row, item } = await requireComment(id, userId);
      if (!canDelete(row, item, userId)) throw forbidden(commentMessages.notYours);
      await db.transaction().execute(async (trx) => {
        const root = row.root_id === null ? undefined : await lockComment(trx, row.root_id);
        const locked = await lockComment(trx, row.id);
        if (locked.state === 'deleted') return;
        const gone = await deleteWithReplies(trx, id);
        await unpinComment(trx, id);
        await moveItemCounter(trx, row.item_id, 'comment_count', -gone);
        if (root && locked.state === 'visible' && root.state === 'visible') {
          await changeCounters(trx, root, replyChange(locked, item, -1), clock);
        }
      });
      onListChange(item.id);
    },

    /** Likes once per user (digg) or takes the like back (cancel_digg). */
    async digg(userId: string, id: string, like: boolean) {
      const { row } = await requireComment(id, userId);
      if (!canLike(row)) throw notFound(commentMessages.commentNotFound);
      return db.transaction().execute(async (trx) => {
        // The comment first: a like's row only then, so two likes never both hold the
        // comment's key-share lock (the like's foreign key) while waiting to update it.
        const locked = await lockComment(trx, id);
        const changed = like
          ? await insertDigg(trx, id, userId, clock())
          : await deleteDigg(trx, id, userId);
        const after = changed
          ? await changeCounters(trx, locked, { digg_count: like ? 1 : -1 }, clock)
          : locked;
        return { digg_count: after.digg_count, user_digg: like };
      });
    },

    /** The video's author pins one of its comments (replacing the pin) or takes the pin off. */
    async stick(userId: string, id: string, pin: boolean): Promise<void> {
      const { row, item } = await requireComment(id, userId);
      const refusal = pinRefusal(row, item, userId);
      if (refusal === 'not-author') throw forbidden(commentMessages.authorOnly);
      if (refusal === 'reply') throw invalid(commentMessages.stickRootOnly, 'CommentId');
      if (refusal === 'unseen') throw notFound(commentMessages.commentNotFound);
      if (pin) await pinComment(db, item.id, id, clock());
      else await unpinComment(db, id);
      onListChange(item.id);
    },

    /** The video's author lets a held comment show to everyone. */
    async approve(userId: string, id: string): Promise<void> {
      const { row, item } = await requireComment(id, userId);
      if (!canModerate(item, userId)) throw forbidden(commentMessages.authorOnly);
      await db.transaction().execute(async (trx) => {
        const root = row.root_id === null ? undefined : await lockComment(trx, row.root_id);
        const locked = await lockComment(trx, id);
        if (!canApprove(locked)) throw invalid(commentMessages.notHeld, 'CommentId');
        await markVisible(trx, id);
        await moveItemCounter(trx, item.id, 'comment_count', 1);
        if (root) await changeCounters(trx, root, replyChange(locked, item, 1), clock);
      });
      onListChange(item.id);
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
