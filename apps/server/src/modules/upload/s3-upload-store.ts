import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { KvStore } from '@tus/server';
import { UPLOAD_TTL_MS } from '@melon/shared/contracts/publish';
import { isMixId } from '@melon/shared/ids/id-rules';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { s3ClientConfig, type S3Settings } from '../../storage/s3-storage.ts';
import { OWNER_KEY } from './upload-metadata.ts';
import { CLAIM_GRACE_MS, type OwnedUpload, type UploadStore } from './upload-store.ts';

/** Where uploads live in the bucket: `uploads/<id>` (the file), `.info` (tus's record), `.part`. */
const UPLOADS_FOLDER = 'uploads';
const ID_PREFIX = `${UPLOADS_FOLDER}/`;

/** What tus keeps in `<id>.info`: the upload as JSON. */
interface InfoRecord {
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
}

/** @tus/s3-store (2.0.7) leaves an unfinished upload's tail (`<id>.part`) behind when it is cancelled. */
class S3DataStore extends S3Store {
  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.deleteIncompletePart(id);
  }
}

/**
 * @tus/s3-store's record cache, keeping nothing: each process reads `<id>.info` from the bucket
 * every time, so one never trusts a record another process has since deleted (a published or
 * cancelled upload). A few small GETs per PATCH.
 */
const noCache: KvStore<MetadataValue> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};

export interface S3UploadStoreOptions {
  /** The local disk: a published upload is fetched into `<dataDir>/uploads/claimed/` for ingest. */
  dataDir: string;
  settings: S3Settings;
  /** The same bucket, for listing, reading and deleting the upload objects. */
  storage: MediaStorage;
  ttlMs?: number;
}

/**
 * Uploads in the S3 bucket through @tus/s3-store (decision 041): each PATCH's bytes go to the
 * bucket as multipart parts (a tail under S3's 5 MiB part floor waits as `<id>.part`), so any web
 * process can take the next PATCH of an upload another one began. Publishing fetches the finished
 * object into the local claimed folder for ingest (ffprobe reads a local file), and settling
 * deletes the upload's objects.
 */
export function createS3UploadStore(options: S3UploadStoreOptions): UploadStore {
  const { settings, storage, ttlMs = UPLOAD_TTL_MS } = options;
  const directory = path.join(options.dataDir, 'uploads');
  const claimedDir = path.join(directory, 'claimed');
  mkdirSync(claimedDir, { recursive: true });
  const tus = new S3DataStore({
    s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
    cache: noCache,
    expirationPeriodInMilliseconds: ttlMs,
    // Expiry is Melon's own sweep (below), not a bucket lifecycle rule reading object tags.
    useTags: false,
  });
  const keyOf = (id: string) => `${ID_PREFIX}${id}`;
  /** Publishes running in this process: a second one of the same upload finds nothing. */
  const claiming = new Set<string>();

  async function readInfo(id: string): Promise<InfoRecord | null> {
    const stored = await storage.read(`${keyOf(id)}.info`);
    if (!stored) return null;
    try {
      return JSON.parse(await text(stored.body)) as InfoRecord;
    } catch {
      return null;
    }
  }

  /** The ids of the uploads in the bucket (each has its `.info`). */
  async function uploadIds(): Promise<string[]> {
    const keys = await storage.list(UPLOADS_FOLDER);
    return keys
      .filter((key) => key.endsWith('.info'))
      .map((key) => key.slice(ID_PREFIX.length, -'.info'.length))
      .filter(isMixId);
  }

  async function findOwned(id: string, userId: string): Promise<OwnedUpload | null> {
    if (!isMixId(id)) return null;
    try {
      const upload = await tus.getUpload(keyOf(id));
      if (upload.metadata?.[OWNER_KEY] !== userId) return null;
      return {
        id,
        size: upload.size ?? 0,
        offset: upload.offset,
        filename: upload.metadata.filename ?? '',
        createdAt: Date.parse(upload.creation_date ?? '') || 0,
      };
    } catch {
      return null;
    }
  }

  /** Every object of the upload: an unfinished multipart upload is aborted first. */
  async function remove(id: string): Promise<void> {
    await tus.remove(keyOf(id)).catch(() => {
      // Finished (nothing to abort) or already gone: the deletes below are what counts.
    });
    for (const suffix of ['', '.info', '.part']) await storage.delete(`${keyOf(id)}${suffix}`);
  }

  return {
    tus,
    directory,
    idPrefix: ID_PREFIX,
    findOwned,

    async claim(id, userId) {
      const upload = await findOwned(id, userId);
      if (!upload || claiming.has(id)) return { refused: 'not_found' };
      if (upload.size === 0 || upload.offset !== upload.size) return { refused: 'incomplete' };
      claiming.add(id);
      const target = path.join(claimedDir, id);
      try {
        if (!(await storage.download(keyOf(id), target))) {
          claiming.delete(id);
          return { refused: 'not_found' };
        }
      } catch (error) {
        claiming.delete(id);
        await rm(target, { force: true });
        throw error;
      }
      return { path: target, storedKey: keyOf(id) };
    },

    async pendingBytes(userId) {
      let total = 0;
      for (const id of await uploadIds()) {
        const info = await readInfo(id);
        if (info?.metadata?.[OWNER_KEY] === userId) total += info.size ?? 0;
      }
      return total;
    },

    async settle(id) {
      await remove(id);
      await rm(path.join(claimedDir, id), { force: true });
      claiming.delete(id);
    },

    async release(id, claimedPath) {
      await rm(claimedPath, { force: true });
      claiming.delete(id);
    },

    async sweepExpired(now = Date.now()) {
      let removed = 0;
      for (const id of await uploadIds()) {
        const created = Date.parse((await readInfo(id))?.creation_date ?? '');
        if (Number.isFinite(created) && now - created <= ttlMs) continue;
        await remove(id);
        removed += 1;
      }
      // A fetched file a stopped publish left behind (the upload itself stays in the bucket).
      for (const name of await readdir(claimedDir)) {
        const file = path.join(claimedDir, name);
        const fetchedAt = await stat(file).then(
          (stats) => stats.mtimeMs,
          () => now,
        );
        if (now - fetchedAt <= CLAIM_GRACE_MS) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
