import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { invalid } from '../../lib/domain-error.ts';
import { renderPicture, type PictureRendering } from '../../lib/picture.ts';
import { replaceAvatar } from './profile.repository.ts';
import { userCenterMessages } from './user-center.messages.ts';

export const AVATAR_SIZE = 256;
export const AVATAR_QUALITY = 75;
/** Larger pictures are refused before decoding: a small file can declare a huge canvas. */
export const AVATAR_MAX_PIXELS = 50_000_000;
const AVATAR_DIR = 'avatars';

/**
 * The avatar as stored: the real type read from the bytes (never the file name), then a
 * 256×256 centre crop, upright, as WebP at quality 75 without metadata.
 */
export const renderAvatar = (bytes: Buffer): Promise<PictureRendering> =>
  renderPicture(bytes, {
    maxPixels: AVATAR_MAX_PIXELS,
    quality: AVATAR_QUALITY,
    shape: (image) => image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }),
  });

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
