import { COMMENT_IMAGE_MAX_SIDE } from '@melon/shared/contracts/comment-image';
import { renderPicture, type PictureRendering } from '../../lib/picture.ts';

/** Larger canvases are refused before decoding, as for avatars. */
export const COMMENT_IMAGE_MAX_PIXELS = 50_000_000;
export const COMMENT_IMAGE_QUALITY = 80;

/**
 * A comment picture as stored: read by its bytes, upright, brought inside 2048×2048 (never
 * enlarged), as WebP at quality 80 without metadata. An animated GIF keeps its first frame.
 */
export const renderCommentImage = (bytes: Buffer): Promise<PictureRendering> =>
  renderPicture(bytes, {
    maxPixels: COMMENT_IMAGE_MAX_PIXELS,
    quality: COMMENT_IMAGE_QUALITY,
    shape: (image) =>
      image.resize(COMMENT_IMAGE_MAX_SIDE, COMMENT_IMAGE_MAX_SIDE, {
        fit: 'inside',
        withoutEnlargement: true,
      }),
  });
