import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { COMMENT_IMAGE_DIR, isCommentImageUri } from '@melon/shared/contracts/comment-image';
import { invalid } from '../../lib/domain-error.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { renderCommentImage } from './comment-image.render.ts';
import { imageMessages } from './image.messages.ts';
import { findCommentImage, insertCommentImage, type CommentImageRow } from './image.repository.ts';

export interface CommentImageServiceDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  newId: () => string;
}

export function createCommentImageService({ db, storage, newId }: CommentImageServiceDeps) {
  return {
    /**
     * Re-encodes the upload and keeps it as comment-images/<id>.webp in media storage, with its row.
     * A refused upload stores nothing; a row that cannot be written takes its file with it.
     */
    async upload(userId: string, bytes: Buffer): Promise<CommentImageRow> {
      const rendering = await renderCommentImage(bytes);
      if (!rendering.ok) {
        const message =
          rendering.reason === 'too_many_pixels'
            ? imageMessages.tooManyPixels
            : imageMessages.notImage;
        throw invalid(message, 'image');
      }
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
      await storage.putBytes(row.uri, rendering.webp);
      try {
        await insertCommentImage(db, row);
      } catch (error) {
        await storage.delete(row.uri);
        throw error;
      }
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
