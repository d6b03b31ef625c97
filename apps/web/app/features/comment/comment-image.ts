import { COMMENT_IMAGE_MAX_BYTES, isCommentImageUri } from '@melon/shared/contracts/comment-image';
import { isPictureType } from '@melon/shared/contracts/picture';
import { commentMessages as t } from './messages.ts';

/** Where the server serves media files; comment pictures live there by their uri. */
const MEDIA_PREFIX = '/media/';

const BYTES_PER_MB = 1024 * 1024;

/**
 * The address of a comment's picture from its `image_info` uri (decision 031), or null for a
 * value that is not an uploaded picture's uri.
 */
export const commentImageUrl = (uri: string | null): string | null =>
  uri !== null && isCommentImageUri(uri) ? `${MEDIA_PREFIX}${uri}` : null;

/** Why a picked file is not sent, or null: the server would refuse it anyway. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!isPictureType(file.type)) return t.imageNotImage;
  if (file.size > COMMENT_IMAGE_MAX_BYTES) {
    return t.imageTooLarge(COMMENT_IMAGE_MAX_BYTES / BYTES_PER_MB);
  }
  return null;
}
