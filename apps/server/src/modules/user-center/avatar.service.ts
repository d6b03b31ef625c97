import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { invalid } from '../../lib/domain-error.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { AVATAR_DIR } from '../../storage/media-keys.ts';
import { renderPicture, type PictureRendering } from '../../lib/picture.ts';
import { replaceAvatar } from './profile.repository.ts';
import { userCenterMessages } from './user-center.messages.ts';

export const AVATAR_SIZE = 256;
export const AVATAR_QUALITY = 75;
/** Larger pictures are refused before decoding: a small file can declare a huge canvas. */
export const AVATAR_MAX_PIXELS = 50_000_000;
/** An avatar a user uploaded (`save` names them so), not demo content or a default. */
const UPLOADED_AVATAR = new RegExp(`^${AVATAR_DIR}/[0-9]+-[0-9]+\\.webp$`);

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

/** Avatar files in media storage; each upload gets a new name, so a uri never changes. */
export function createAvatarStore(storage: MediaStorage, newId: () => string) {
  return {
    /** Stores the file; answers its uri (its storage key). */
    async save(userId: string, webp: Buffer): Promise<string> {
      const uri = `${AVATAR_DIR}/${userId}-${newId()}.webp`;
      await storage.putBytes(uri, webp);
      return uri;
    },
    /** Removes a replaced avatar; uris elsewhere (demo content, defaults) are left alone. */
    async remove(uri: string): Promise<void> {
      if (!UPLOADED_AVATAR.test(uri)) return;
      await storage.delete(uri);
    },
  };
}

export interface AvatarServiceDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  newId: () => string;
}

export function createAvatarService({ db, storage, newId }: AvatarServiceDeps) {
  const store = createAvatarStore(storage, newId);
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
