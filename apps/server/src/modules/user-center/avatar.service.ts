import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { AVATAR_DIR } from '../../storage/media-keys.ts';
import { renderPicture, type RenderedPicture } from '../../lib/picture.ts';
import { replaceAvatar } from './profile.repository.ts';
import { userCenterMessages } from './user-center.messages.ts';

export const AVATAR_SIZE = 256;
export const AVATAR_QUALITY = 75;
/** An avatar a user uploaded (`save` names them so), not demo content or a default. */
const UPLOADED_AVATAR = new RegExp(`^${AVATAR_DIR}/[0-9]+-[0-9]+\\.webp$`);

/**
 * The avatar as stored: the real type read from the bytes (never the file name), then a
 * 256×256 centre crop, upright, as WebP at quality 75 without metadata.
 */
export const renderAvatar = (bytes: Buffer): Promise<RenderedPicture> =>
  renderPicture(
    bytes,
    {
      quality: AVATAR_QUALITY,
      shape: (image) => image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }),
    },
    {
      field: 'avatar',
      notImage: userCenterMessages.avatarNotImage,
      tooManyPixels: userCenterMessages.avatarTooManyPixels,
    },
  );

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
      const { webp } = await renderAvatar(bytes);
      const uri = await store.save(userId, webp);
      await store.remove(await replaceAvatar(db, userId, uri));
      return uri;
    },
  };
}
