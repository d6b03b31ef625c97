import sharp, { type Metadata, type Sharp } from 'sharp';

/** Formats recognised from the bytes; SVG and the like are text and stay out. */
// libvips names AVIF input 'heif'.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export type PictureRendering =
  | { ok: true; webp: Buffer; width: number; height: number }
  | { ok: false; reason: 'not_image' | 'too_many_pixels' };

export interface PictureOptions {
  /** Larger canvases are refused before decoding: a small file can declare a huge one. */
  maxPixels: number;
  /** WebP quality of the stored picture. */
  quality: number;
  /** The picture's size and crop, applied after it is turned upright. */
  shape: (image: Sharp) => Sharp;
}

/**
 * An uploaded picture as stored: its real type read from the bytes (never the file name or the
 * declared type), turned upright, shaped, and re-encoded as WebP without metadata, so nothing
 * but pixels of the upload is kept (a polyglot's other half, EXIF places, comments).
 */
export async function renderPicture(
  bytes: Buffer,
  { maxPixels, quality, shape }: PictureOptions,
): Promise<PictureRendering> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return { ok: false, reason: 'not_image' };
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) return { ok: false, reason: 'not_image' };
  if (metadata.width * metadata.height > maxPixels) {
    return { ok: false, reason: 'too_many_pixels' };
  }
  try {
    const { data, info } = await shape(sharp(bytes, { limitInputPixels: maxPixels }).rotate())
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, webp: data, width: info.width, height: info.height };
  } catch {
    // Recognised by its header but broken further on.
    return { ok: false, reason: 'not_image' };
  }
}
