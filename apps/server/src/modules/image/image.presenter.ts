import type { CommentImageUploaded } from '@melon/shared/contracts/comment-image';
import { mediaUrl } from '../../storage/media-url.ts';
import type { CommentImageRow } from './image.repository.ts';

/** A stored comment picture as the upload answers it and a comment shows it. */
export const presentCommentImage = (row: CommentImageRow): CommentImageUploaded => ({
  uri: row.uri,
  url: mediaUrl(row.uri),
  width: row.width,
  height: row.height,
});
