import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '@melon/db/database';
import { invalid } from '../../lib/domain-error.ts';
import { replaceAvatar } from './profile.repository.ts';
import { userCenterMessages } from './user-center.messages.ts';

export const AVATAR_SIZE = 256;
export const AVATAR_QUALITY = 75;
/** Larger pictures are refused before decoding: a small file can declare a huge canvas. */
export const AVATAR_MAX_PIXELS = 50_000_000;
const AVATAR_DIR = 'avatars';
/** Formats recognised from the bytes; SVG and the like are text and stay out. */
// libvips names AVIF input 'heif'.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export type AvatarRendering =
  { ok: true; webp: Buffer } | { ok: false; reason: 'not_image' | 'too_many_pixels' };

/**
 * The avatar as stored: the real type read from the bytes (never the file name), then a
 * 256×256 centre crop, upright, as WebP at quality 75 without metadata.
 */
export async function renderAvatar(bytes: Buffer): Promise<AvatarRendering> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return { ok: false, reason: 'not_image' };
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) return { ok: false, reason: 'not_image' };
  if (metadata.width * metadata.height > AVATAR_MAX_PIXELS) {
    return { ok: false, reason: 'too_many_pixels' };
  }
  try {
    const webp = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: AVATAR_QUALITY })
      .toBuffer();
    return { ok: true, webp };
  } catch {
    // Recognised by its header but broken further on.
    return { ok: false, reason: 'not_image' };
  }
}

/** Avatar files under the media dir; each upload gets a new name, so a uri never changes. */
export function createAvatarStore(dataDir: string, newId: () => string) {
  const mediaDir = path.join(dataDir, 'media');
  return {
    /** Writes the file; answers its uri relative to the media dir. */
    async save(userId: string, webp: Buffer): Promise<string> {
      const uri = `${AVATAR_DIR}/${userId}-${newId()}.webp`;
      await mkdir(path.join(mediaDir, AVATAR_DIR), { recursive: true });
      await writeFile(path.join(mediaDir, uri), webp);
      return uri;
    },
    /** Removes a replaced avatar; uris elsewhere (demo content, defaults) are left alone. */
    async remove(uri: string): Promise<void> {
      if (!/^avatars\/[0-9]+-[0-9]+\.webp$/.test(uri)) return;
      await rm(path.join(mediaDir, uri), { force: true });
    },
  };
}

export interface AvatarServiceDeps {
  db: Kysely<Database>;
  dataDir: string;
  newId: () => string;
}

export function createAvatarService({ db, dataDir, newId }: AvatarServiceDeps) {
  const store = createAvatarStore(dataDir, newId);
  return {
    /** Renders the picture, stores it as the user's avatar and drops the one it replaces. */
    async replace(userId: string, bytes: Buffer): Promise<string> {
      const rendering = await renderAvatar(bytes);
      if (!rendering.ok) {
        throw invalid(
          rendering.reason === 'too_many_pixels'
            ? userCenterMessages.avatarTooManyPixels
            : userCenterMessages.avatarNotImage,
          'avatar',
        );
      }
      const uri = await store.save(userId, rendering.webp);
      await store.remove(await replaceAvatar(db, userId, uri));
      return uri;
    },
  };
}
