import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/*
 * The stored pictures nothing names (decision 063), one kind at a time: `unused…` lists at most
 * `limit` uris uploaded before `before`; `deleteUnused…` removes one row only if nothing names it
 * at that moment, and answers whether it did, so a picture attached while the sweep ran stays.
 */

type Db = Kysely<Database>;

/** Whether a claim's proofs name the picture at `uri` (a column of the outer query). */
const namedByClaim = (
  eb: ExpressionBuilder<Database, 'comment_images' | 'tort_proof_images'>,
  uri: 'comment_images.uri' | 'tort_proof_images.uri',
) =>
  eb.exists(
    eb
      .selectFrom('tort_report_proofs')
      .select('tort_report_proofs.report_id')
      .whereRef('tort_report_proofs.image_uri', '=', uri),
  );

/** A comment picture no comment (of any state) and no claim's proofs name. */
const unusedCommentPicture = (eb: ExpressionBuilder<Database, 'comment_images'>) =>
  eb.and([
    eb.not(
      eb.exists(
        eb
          .selectFrom('comments')
          .select('comments.id')
          .whereRef('comments.image_uri', '=', 'comment_images.uri'),
      ),
    ),
    eb.not(namedByClaim(eb, 'comment_images.uri')),
  ]);

/** A proof picture no claim names (its claimant uploaded it and never filed). */
const unusedProofPicture = (eb: ExpressionBuilder<Database, 'tort_proof_images'>) =>
  eb.not(namedByClaim(eb, 'tort_proof_images.uri'));

const uris = (rows: { uri: string }[]) => rows.map((row) => row.uri);
const deleted = (result: { numDeletedRows: bigint }) => result.numDeletedRows > 0n;

export async function unusedCommentPictures(db: Db, before: number, limit: number) {
  return uris(
    await db
      .selectFrom('comment_images')
      .select('uri')
      .where('created_at', '<', before)
      .where(unusedCommentPicture)
      .limit(limit)
      .execute(),
  );
}

export async function deleteUnusedCommentPicture(db: Db, uri: string) {
  return deleted(
    await db
      .deleteFrom('comment_images')
      .where('uri', '=', uri)
      .where(unusedCommentPicture)
      .executeTakeFirst(),
  );
}

export async function unusedProofPictures(db: Db, before: number, limit: number) {
  return uris(
    await db
      .selectFrom('tort_proof_images')
      .select('uri')
      .where('created_at', '<', before)
      .where(unusedProofPicture)
      .limit(limit)
      .execute(),
  );
}

export async function deleteUnusedProofPicture(db: Db, uri: string) {
  return deleted(
    await db
      .deleteFrom('tort_proof_images')
      .where('uri', '=', uri)
      .where(unusedProofPicture)
      .executeTakeFirst(),
  );
}

/** A feedback screenshot no message took. */
export async function unusedFeedbackPictures(db: Db, before: number, limit: number) {
  return uris(
    await db
      .selectFrom('feedback_images')
      .select('uri')
      .where('feedback_id', 'is', null)
      .where('created_at', '<', before)
      .limit(limit)
      .execute(),
  );
}

export async function deleteUnusedFeedbackPicture(db: Db, uri: string) {
  return deleted(
    await db
      .deleteFrom('feedback_images')
      .where('uri', '=', uri)
      .where('feedback_id', 'is', null)
      .executeTakeFirst(),
  );
}
