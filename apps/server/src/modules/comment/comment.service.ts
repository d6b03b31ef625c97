import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CommentView } from '@melon/shared/contracts/comment';
import { forbidden, invalid, notFound } from '../../lib/domain-error.ts';
import { isBlockedBy } from '../follow/follow.repository.ts';
import { findAttachableCommentImage } from '../image/image.service.ts';
import { canEdit } from '../item/item.policy.ts';
import { moveItemCounter, type ItemRow } from '../item/item.repository.ts';
import { findViewableItem } from '../item/item.service.ts';
import { commentMessages } from './comment.messages.ts';
import { presentComment } from './comment.presenter.ts';
import {
  changeCounters,
  diggedBy,
  findComment,
  lockComment,
  pinnedOf,
  selectListed,
  type CommentRow,
} from './comment.repository.ts';
import { checkCommentText } from './comment-text.ts';
import { seesComment, stateOfNewComment } from './comment-visibility.ts';
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
    if (!row || !item || !seesComment(row, item.user_id, viewerId)) {
      throw notFound(commentMessages.commentNotFound);
    }
    return { row, item };
  }

  async function refuseBlocked(item: ItemRow, writerId: string): Promise<void> {
    if (await isBlockedBy(db, item.user_id, writerId)) throw forbidden(commentMessages.blocked);
  }

  async function viewOf(id: string, item: ItemRow, viewerId: string, origin: string) {
    const row = await selectListed(db).where('c.id', '=', id).executeTakeFirstOrThrow();
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
    const state = await stateOfNewComment(db, text, writerId, item.user_id, input.origin);
    const id = newId();
    await db.transaction().execute(async (trx) => {
      const root = thread ? await lockComment(trx, thread.rootId) : undefined;
      // Deleted while this reply was on its way: the reply goes with it.
      if (root && root.state !== 'visible') throw notFound(commentMessages.commentNotFound);
      const now = clock();
      await trx
        .insertInto('comments')
        .values({
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
        })
        .execute();
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
      if (target.state !== 'visible') throw notFound(commentMessages.commentNotFound);
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
      if (row.user_id !== userId && !canEdit(item, userId)) {
        throw forbidden(commentMessages.notYours);
      }
      await db.transaction().execute(async (trx) => {
        const root = row.root_id === null ? undefined : await lockComment(trx, row.root_id);
        const locked = await lockComment(trx, row.id);
        if (locked.state === 'deleted') return;
        const gone = await trx
          .updateTable('comments')
          .set({ state: 'deleted' })
          .where((eb) => eb.or([eb('id', '=', id), eb('root_id', '=', id)]))
          .where('state', '=', 'visible')
          .executeTakeFirst();
        await trx
          .updateTable('comments')
          .set({ state: 'deleted' })
          .where((eb) => eb.or([eb('id', '=', id), eb('root_id', '=', id)]))
          .where('state', '!=', 'deleted')
          .execute();
        await trx.deleteFrom('comment_pins').where('comment_id', '=', id).execute();
        await moveItemCounter(trx, row.item_id, 'comment_count', -Number(gone.numUpdatedRows));
        if (root && locked.state === 'visible' && root.state === 'visible') {
          await changeCounters(trx, root, replyChange(locked, item, -1), clock);
        }
      });
      onListChange(item.id);
    },

    /** Likes once per user (digg) or takes the like back (cancel_digg). */
    async digg(userId: string, id: string, like: boolean) {
      const { row } = await requireComment(id, userId);
      if (row.state !== 'visible') throw notFound(commentMessages.commentNotFound);
      return db.transaction().execute(async (trx) => {
        // The comment first: a like's row only then, so two likes never both hold the
        // comment's key-share lock (the like's foreign key) while waiting to update it.
        const locked = await lockComment(trx, id);
        const changed = like
          ? await trx
              .insertInto('comment_diggs')
              .values({ comment_id: id, user_id: userId, created_at: clock() })
              .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
              .executeTakeFirst()
              .then((result) => Number(result.numInsertedOrUpdatedRows ?? 0n) > 0)
          : await trx
              .deleteFrom('comment_diggs')
              .where('comment_id', '=', id)
              .where('user_id', '=', userId)
              .executeTakeFirst()
              .then((result) => Number(result.numDeletedRows) > 0);
        const after = changed
          ? await changeCounters(trx, locked, { digg_count: like ? 1 : -1 }, clock)
          : locked;
        return { digg_count: after.digg_count, user_digg: like };
      });
    },

    /** The video's author pins one of its comments (replacing the pin) or takes the pin off. */
    async stick(userId: string, id: string, pin: boolean): Promise<void> {
      const { row, item } = await requireComment(id, userId);
      if (!canEdit(item, userId)) throw forbidden(commentMessages.authorOnly);
      if (row.root_id !== null) throw invalid(commentMessages.stickRootOnly, 'CommentId');
      if (row.state !== 'visible') throw notFound(commentMessages.commentNotFound);
      if (pin) {
        await db
          .insertInto('comment_pins')
          .values({ item_id: item.id, comment_id: id, created_at: clock() })
          .onConflict((oc) =>
            oc.column('item_id').doUpdateSet({ comment_id: id, created_at: clock() }),
          )
          .execute();
      } else {
        await db.deleteFrom('comment_pins').where('comment_id', '=', id).execute();
      }
      onListChange(item.id);
    },

    /** The video's author lets a held comment show to everyone. */
    async approve(userId: string, id: string): Promise<void> {
      const { row, item } = await requireComment(id, userId);
      if (!canEdit(item, userId)) throw forbidden(commentMessages.authorOnly);
      await db.transaction().execute(async (trx) => {
        const root = row.root_id === null ? undefined : await lockComment(trx, row.root_id);
        const locked = await lockComment(trx, id);
        if (locked.state !== 'held') throw invalid(commentMessages.notHeld, 'CommentId');
        await trx.updateTable('comments').set({ state: 'visible' }).where('id', '=', id).execute();
        await moveItemCounter(trx, item.id, 'comment_count', 1);
        if (root) await changeCounters(trx, root, replyChange(locked, item, 1), clock);
      });
      onListChange(item.id);
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
