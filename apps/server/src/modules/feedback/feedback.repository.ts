import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '@melon/db/database';
import type { FeedbackImagesTable, FeedbackTable } from '@melon/db/tables/feedback';
import type { FeedbackCategory } from '@melon/shared/contracts/feedback';

type Db = Kysely<Database>;
export type FeedbackRow = Selectable<FeedbackTable>;
export type FeedbackImageRow = Selectable<FeedbackImagesTable>;

export async function insertFeedbackImage(db: Db, row: FeedbackImageRow): Promise<void> {
  await db.insertInto('feedback_images').values(row).execute();
}

/** The screenshots stored at `uris`, whoever uploaded them. */
export function findFeedbackImages(db: Db, uris: readonly string[]): Promise<FeedbackImageRow[]> {
  if (uris.length === 0) return Promise.resolve([]);
  return db.selectFrom('feedback_images').selectAll().where('uri', 'in', uris).execute();
}

/**
 * Stores the message and attaches its screenshots in order; false, storing nothing, when one of
 * them was attached to another message meanwhile (the caller's transaction rolls back).
 */
export async function insertFeedback(
  db: Db,
  row: Insertable<FeedbackTable>,
  imageIds: readonly string[],
): Promise<boolean> {
  await db.insertInto('feedback').values(row).execute();
  for (const [position, id] of imageIds.entries()) {
    const result = await db
      .updateTable('feedback_images')
      .set({ feedback_id: row.id, position })
      .where('id', '=', id)
      .where('feedback_id', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
  }
  return true;
}

/** What `melon feedback list` shows: since a time, of one category; oldest first. */
export function listFeedback(
  db: Db,
  filter: { since?: number; category?: FeedbackCategory },
): Promise<FeedbackRow[]> {
  let query = db.selectFrom('feedback').selectAll().orderBy('created_at').orderBy('id');
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  if (filter.category !== undefined) query = query.where('category', '=', filter.category);
  return query.execute();
}

/** The screenshots' uris of these messages, in order, by message. */
export async function imageUrisOf(
  db: Db,
  feedbackIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byFeedback = new Map<string, string[]>();
  if (feedbackIds.length === 0) return byFeedback;
  const rows = await db
    .selectFrom('feedback_images')
    .select(['feedback_id', 'uri'])
    .where('feedback_id', 'in', feedbackIds)
    .orderBy('position')
    .execute();
  for (const { feedback_id: id, uri } of rows) {
    if (id !== null) byFeedback.set(id, [...(byFeedback.get(id) ?? []), uri]);
  }
  return byFeedback;
}

/** Closes an open message; false when there is none open by that id. */
export async function closeFeedback(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('feedback')
    .set({ state: 'closed', closed_at: now })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function findFeedback(db: Db, id: string): Promise<FeedbackRow | undefined> {
  return db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
}
