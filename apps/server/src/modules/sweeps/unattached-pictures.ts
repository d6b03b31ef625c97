import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { MediaStorage } from '../../storage/media-storage.ts';
import {
  deleteUnusedCommentPicture,
  deleteUnusedFeedbackPicture,
  deleteUnusedProofPicture,
  unusedCommentPictures,
  unusedFeedbackPictures,
  unusedProofPictures,
} from './unattached-pictures.repository.ts';

/** How many uris one look-up lists; the sweep asks again until a look-up lists fewer. */
const BATCH = 200;

interface PictureKind {
  unused: (db: Kysely<Database>, before: number, limit: number) => Promise<string[]>;
  deleteUnused: (db: Kysely<Database>, uri: string) => Promise<boolean>;
}

const KINDS = {
  comment_images: { unused: unusedCommentPictures, deleteUnused: deleteUnusedCommentPicture },
  tort_proof_images: { unused: unusedProofPictures, deleteUnused: deleteUnusedProofPicture },
  feedback_images: { unused: unusedFeedbackPictures, deleteUnused: deleteUnusedFeedbackPicture },
} satisfies Record<string, PictureKind>;

export type PictureCounts = Record<keyof typeof KINDS, number>;

/** Removes one kind's unused pictures: the row first, then, only if it went, the stored file. */
async function sweepKind(
  db: Kysely<Database>,
  storage: MediaStorage,
  kind: PictureKind,
  before: number,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const uris = await kind.unused(db, before, BATCH);
    for (const uri of uris) {
      if (!(await kind.deleteUnused(db, uri))) continue;
      await storage.delete(uri);
      removed += 1;
    }
    if (uris.length < BATCH) return removed;
  }
}

/**
 * Pictures uploaded before `before` and never used (decision 063): a comment picture no comment
 * or claim names, a proof picture no claim names, a feedback screenshot no message took. Their
 * rows and their files in media storage go; a picture attached while the sweep runs stays.
 */
export async function sweepUnattachedPictures(
  db: Kysely<Database>,
  storage: MediaStorage,
  before: number,
): Promise<PictureCounts> {
  return {
    comment_images: await sweepKind(db, storage, KINDS.comment_images, before),
    tort_proof_images: await sweepKind(db, storage, KINDS.tort_proof_images, before),
    feedback_images: await sweepKind(db, storage, KINDS.feedback_images, before),
  };
}
