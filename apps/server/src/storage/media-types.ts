import path from 'node:path';

/**
 * The content type of every kind of file media storage holds, by its name's extension: what the
 * media routes answer and what an S3 object is stored with, so both engines agree.
 */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.mpd': 'application/dash+xml',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** The file's content type by its name, or undefined for a kind media storage does not know. */
export const mediaTypeOf = (file: string): string | undefined =>
  MEDIA_TYPES[path.extname(file).toLowerCase()];
