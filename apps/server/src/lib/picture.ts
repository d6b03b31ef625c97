import sharp, { type Metadata, type Sharp } from 'sharp';
import { PICTURE_TYPES, type PictureType } from '@melon/shared/contracts/picture';
import { invalid } from './domain-error.ts';

/** Larger canvases are refused before decoding: a small file can declare a huge one. */
export const PICTURE_MAX_PIXELS = 50_000_000;
/** The same in 万 (10 000) pixels, as Chinese sites state a picture's size. */
export const PICTURE_MAX_WAN_PIXELS = PICTURE_MAX_PIXELS / 10_000;

/** Each accepted type as libvips names the format it reads from the bytes. */
const FORMAT_OF: Record<PictureType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};

/** Formats recognised from the bytes; SVG and the like are text and stay out. */
const ACCEPTED_FORMATS = new Set(PICTURE_TYPES.map((type) => FORMAT_OF[type]));

export interface RenderedPicture {
  webp: Buffer;
  width: number;
  height: number;
}

export interface PictureOptions {
  /** WebP quality of the stored picture. */
  quality: number;
  /** The picture's size and crop, applied after it is turned upright. */
  shape: (image: Sharp) => Sharp;
}

/** What the uploader is told of a refused picture, and the form field the refusal names. */
export interface PictureRefusals {
  field: string;
  notImage: string;
  tooManyPixels: string;
}

/**
 * An uploaded picture as stored: its real type read from the bytes (never the file name or the
 * declared type), turned upright, shaped, and re-encoded as WebP without metadata, so nothing
 * but pixels of the upload is kept (a polyglot's other half, EXIF places, comments). Anything
 * else is a 400 in the uploader's words.
 */
export async function renderPicture(
  bytes: Buffer,
  { quality, shape }: PictureOptions,
  refusals: PictureRefusals,
): Promise<RenderedPicture> {
  const notImage = () => invalid(refusals.notImage, refusals.field);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw notImage();
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw notImage();
  if (metadata.width * metadata.height > PICTURE_MAX_PIXELS) {
    throw invalid(refusals.tooManyPixels, refusals.field);
  }
  try {
    const { data, info } = await shape(
      sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS }).rotate(),
    )
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch {
    // Recognised by its header but broken further on.
    throw notImage();
  }
}
