import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { PICTURE_TYPES, type PictureType } from '@melon/shared/contracts/picture';
import { renderPicture } from './picture.ts';

/*
 * The one list of picture types (packages/shared) is what the server keeps: each type it names
 * is read from the bytes and stored; a picture of another type is refused in the caller's words.
 */

const REFUSALS = { field: 'picture', notImage: 'not an image', tooManyPixels: 'too many pixels' };
const OPTIONS = { quality: 80, shape: (image: Sharp) => image };

const red = () =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 255, g: 0, b: 0 } } });

const encoders: Record<PictureType, () => Promise<Buffer>> = {
  'image/jpeg': () => red().jpeg().toBuffer(),
  'image/png': () => red().png().toBuffer(),
  'image/webp': () => red().webp().toBuffer(),
  'image/gif': () => red().gif().toBuffer(),
  'image/avif': () => red().avif().toBuffer(),
};

describe('renderPicture', () => {
  it.each(PICTURE_TYPES)('keeps a %s picture as WebP', async (type) => {
    const picture = await renderPicture(await encoders[type](), OPTIONS, REFUSALS);
    expect(picture).toMatchObject({ width: 8, height: 6 });
    expect((await sharp(picture.webp).metadata()).format).toBe('webp');
  });

  it('refuses a picture of a type outside the list, naming the field', async () => {
    const tiff = await red().tiff().toBuffer();
    await expect(renderPicture(tiff, OPTIONS, REFUSALS)).rejects.toMatchObject({
      kind: 'invalid',
      message: 'not an image',
      details: { field: 'picture' },
    });
  });
});
