import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { COMMENT_IMAGE_DIR, isCommentImageUri } from '@melon/shared/contracts/comment-image';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { renderCommentImage } from './comment-image.render.ts';
import { findCommentImage, insertCommentImage, type CommentImageRow } from './image.repository.ts';

export interface CommentImageServiceDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  newId: () => string;
}

/** Stores the picture under `key`, then its row; a row that cannot be written takes the file. */
export async function storePicture(
  storage: MediaStorage,
  key: string,
  webp: Buffer,
  insertRow: () => Promise<void>,
): Promise<void> {
  await storage.putBytes(key, webp);
  try {
    await insertRow();
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

export function createCommentImageService({ db, storage, newId }: CommentImageServiceDeps) {
  return {
    /**
     * Re-encodes the upload and keeps it as comment-images/<id>.webp in media storage, with its row.
     * A refused upload stores nothing.
     */
    async upload(userId: string, bytes: Buffer): Promise<CommentImageRow> {
      const rendering = await renderCommentImage(bytes);
      const id = newId();
      const row: CommentImageRow = {
        id,
        uri: `${COMMENT_IMAGE_DIR}/${id}.webp`,
        user_id: userId,
        width: rendering.width,
        height: rendering.height,
        bytes: rendering.webp.length,
        created_at: Date.now(),
      };
      await storePicture(storage, row.uri, rendering.webp, () => insertCommentImage(db, row));
      return row;
    },
  };
}

/**
 * The picture a comment's `image_info` names, when `userId` uploaded it; undefined for anything
 * else (not a comment picture's uri, never uploaded, someone else's). For the comment calls:
 * they accept an `image_info` only when this finds it.
 */
export async function findAttachableCommentImage(
  db: Kysely<Database>,
  imageInfo: string,
  userId: string,
): Promise<CommentImageRow | undefined> {
  if (!isCommentImageUri(imageInfo)) return undefined;
  const row = await findCommentImage(db, imageInfo);
  return row?.user_id === userId ? row : undefined;
}
