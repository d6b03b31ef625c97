import { statfs } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { tooLarge, unavailable } from '../../lib/domain-error.ts';
import { DEFAULT_MIN_FREE_DISK_BYTES, DEFAULT_USER_QUOTA_BYTES } from '../../settings.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { storedSourceBytes } from '../media-ingest/item-media.repository.ts';
import { uploadMessages as t } from './upload.messages.ts';
import type { UploadStore } from './upload-store.ts';

export interface StorageLimits {
  /** What one user's videos may take: stored sources plus unpublished uploads, in bytes. */
  userQuotaBytes: number;
  /** No upload starts (or goes on) when it would leave less free disk space than this. */
  minFreeDiskBytes: number;
}

/** The settings' defaults (MELON_USER_QUOTA_BYTES, MELON_MIN_FREE_DISK_BYTES). */
export const DEFAULT_STORAGE_LIMITS: StorageLimits = {
  userQuotaBytes: DEFAULT_USER_QUOTA_BYTES,
  minFreeDiskBytes: DEFAULT_MIN_FREE_DISK_BYTES,
};

export interface StorageGuard {
  /** Before a new upload of `length` bytes: under the floor → 503, over the quota → 413. */
  admitUpload(userId: string, length: number): Promise<void>;
  /** Before more bytes of an upload: under the floor → 503 (the upload stays, to resume). */
  admitChunk(): Promise<void>;
}

/** Free bytes for an unprivileged writer on the file system holding `dir`. */
async function freeDiskBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

export function createStorageGuard(deps: {
  db: Kysely<Database>;
  store: UploadStore;
  limits: StorageLimits;
  /** Where sources kept in S3 are sized (decision 041). */
  mediaStorage?: MediaStorage | undefined;
}): StorageGuard {
  const { db, store, limits, mediaStorage } = deps;
  const checkFloor = async (length: number) => {
    if ((await freeDiskBytes(store.directory)) - length < limits.minFreeDiskBytes) {
      throw unavailable(t.diskFull);
    }
  };
  return {
    async admitUpload(userId, length) {
      await checkFloor(length);
      const used =
        (await storedSourceBytes(db, userId, mediaStorage)) + (await store.pendingBytes(userId));
      if (used + length > limits.userQuotaBytes) {
        throw tooLarge(t.quotaExceeded(limits.userQuotaBytes, used));
      }
    },
    admitChunk: () => checkFloor(0),
  };
}
