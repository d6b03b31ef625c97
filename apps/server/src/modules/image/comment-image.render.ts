import { COMMENT_IMAGE_MAX_SIDE } from '@melon/shared/contracts/comment-image';
import { renderPicture, type RenderedPicture } from '../../lib/picture.ts';
import { imageMessages } from './image.messages.ts';

export const COMMENT_IMAGE_QUALITY = 80;

/**
 * A comment picture as stored (size, type and pixel limits of decision 031), also a claim's
 * proof and a feedback screenshot: read by its bytes, upright, brought inside 2048×2048 (never
 * enlarged), as WebP at quality 80 without metadata. An animated GIF keeps its first frame.
 * Anything else is refused in the picture uploads' words.
 */
export const renderCommentImage = (bytes: Buffer): Promise<RenderedPicture> =>
  renderPicture(
    bytes,
    {
      quality: COMMENT_IMAGE_QUALITY,
      shape: (image) =>
        image.resize(COMMENT_IMAGE_MAX_SIDE, COMMENT_IMAGE_MAX_SIDE, {
          fit: 'inside',
          withoutEnlargement: true,
        }),
    },
    {
      field: 'image',
      notImage: imageMessages.notImage,
      tooManyPixels: imageMessages.tooManyPixels,
    },
  );
