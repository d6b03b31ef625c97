import { COMMENT_IMAGE_MAX_BYTES } from '@melon/shared/contracts/comment-image';
import type { PictureUpload } from '../../http/picture-upload.ts';
import { imageMessages } from './image.messages.ts';

/** The form a comment picture comes in, as a claim's proof and a feedback screenshot do. */
export const commentImageUpload: PictureUpload = {
  field: 'image',
  maxBytes: COMMENT_IMAGE_MAX_BYTES,
  messages: imageMessages,
};
