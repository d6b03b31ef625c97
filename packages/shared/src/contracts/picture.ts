/**
 * The picture types every upload takes (avatar, cover, comment picture, claim proof, feedback
 * screenshot): what the pickers offer, and all the server keeps once it has read the real type
 * from the bytes (decision 031). HEIC is not among them: the server cannot decode it, and
 * leaving it out lets a phone convert its photos to JPEG when they are picked.
 */
export const PICTURE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

/** The same as a file input's `accept`. */
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');

/** Whether a picked file's declared type is one the uploads take. */
export const isPictureType = (type: string): type is PictureType =>
  (PICTURE_TYPES as readonly string[]).includes(type);
