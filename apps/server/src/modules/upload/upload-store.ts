import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import { UPLOAD_TTL_MS } from '@melon/shared/contracts/publish';
import { isMixId } from '@melon/shared/ids/id-rules';
import { OWNER_KEY } from './upload-metadata.ts';

/**
 * A claimed file older than this is an orphan: its publish ended without settling or releasing
 * it (the server stopped midway). Far longer than a publish takes (admission has its deadline).
 */
export const CLAIM_GRACE_MS = 3600_000;

/** An upload as its owner sees it. */
export interface OwnedUpload {
  id: string;
  size: number;
  offset: number;
  filename: string;
  createdAt: number;
}

/** Why a claim failed: nothing of that id belongs to the user, or its bytes are not all in. */
export type ClaimRefusal = 'not_found' | 'incomplete';

/** A claimed upload: its local file, and its key when the same bytes are in the media store. */
export interface Claimed {
  path: string;
  storedKey?: string;
}

export interface UploadStore {
  /** The tus data store: local files, or the S3 bucket (s3-upload-store.ts). */
  readonly tus: DataStore;
  /** What tus names an upload: this prefix and the upload's id (the id alone in URLs). */
  readonly idPrefix: string;
  /** The local folder uploads (or, with S3, the files being published) take disk space in. */
  readonly directory: string;
  /** The user's upload of that id, or null when there is none (or it is someone else's). */
  findOwned(id: string, userId: string): Promise<OwnedUpload | null>;
  /**
   * Takes a finished upload aside for publishing: its file moves to `claimed/` (so neither a
   * second publish nor a late PATCH can touch it), named by its id alone: the client's file name
   * picks nothing, ffprobe decides the format from the bytes (decision 022). Answers the file's
   * new path; `settle` or `release` ends the claim.
   */
  claim(id: string, userId: string): Promise<Claimed | { refused: ClaimRefusal }>;
  /** Bytes the user's uploads still in the uploads folder declared (not yet published). */
  pendingBytes(userId: string): Promise<number>;
  /** The claimed file was taken in (or refused and deleted): the upload is gone for good. */
  settle(id: string): Promise<void>;
  /** Publishing failed for another reason: the upload is back as it was, ready to try again. */
  release(id: string, claimedPath: string): Promise<void>;
  /**
   * Deletes every upload, finished or not, created more than UPLOAD_TTL_MS ago, and every
   * claimed file (with its record) claimed more than CLAIM_GRACE_MS ago. Answers how many.
   */
  sweepExpired(now?: number): Promise<number>;
}

interface StoredRecord {
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
}

/** The uploads under `<dataDir>/uploads/`, claimed files under `<dataDir>/uploads/claimed/`. */
export function createUploadStore(dataDir: string, ttlMs = UPLOAD_TTL_MS): UploadStore {
  const directory = path.join(dataDir, 'uploads');
  const claimedDir = path.join(directory, 'claimed');
  mkdirSync(claimedDir, { recursive: true });
  const tus = new FileStore({ directory, expirationPeriodInMilliseconds: ttlMs });
  const filePath = (id: string) => path.join(directory, id);
  const recordPath = (id: string) => path.join(directory, `${id}.json`);

  async function readRecord(id: string): Promise<StoredRecord | null> {
    if (!isMixId(id)) return null;
    try {
      return JSON.parse(await readFile(recordPath(id), 'utf8')) as StoredRecord;
    } catch {
      return null;
    }
  }

  async function findOwned(id: string, userId: string): Promise<OwnedUpload | null> {
    const record = await readRecord(id);
    if (!record || record.metadata?.[OWNER_KEY] !== userId) return null;
    try {
      const upload = await tus.getUpload(id);
      return {
        id,
        size: upload.size ?? 0,
        offset: upload.offset,
        filename: record.metadata.filename ?? '',
        createdAt: Date.parse(record.creation_date ?? '') || 0,
      };
    } catch {
      return null;
    }
  }

  async function remove(id: string): Promise<void> {
    await rm(filePath(id), { force: true });
    await rm(recordPath(id), { force: true });
  }

  return {
    tus,
    idPrefix: '',
    directory,
    findOwned,

    async claim(id, userId) {
      const upload = await findOwned(id, userId);
      if (!upload) return { refused: 'not_found' };
      if (upload.size === 0 || upload.offset !== upload.size) return { refused: 'incomplete' };
      const target = path.join(claimedDir, id);
      try {
        await rename(filePath(id), target);
      } catch (error) {
        // A concurrent claim moved it first.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { refused: 'not_found' };
        throw error;
      }
      // The file's time becomes the claim's: the orphan sweep counts from it.
      const now = new Date();
      await utimes(target, now, now);
      return { path: target };
    },

    async pendingBytes(userId) {
      let total = 0;
      for (const name of await readdir(directory)) {
        if (!name.endsWith('.json')) continue;
        const record = await readRecord(name.slice(0, -'.json'.length));
        if (record?.metadata?.[OWNER_KEY] === userId) total += record.size ?? 0;
      }
      return total;
    },

    async settle(id) {
      await rm(recordPath(id), { force: true });
    },

    async release(id, claimedPath) {
      await rename(claimedPath, filePath(id)).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      });
    },

    async sweepExpired(now = Date.now()) {
      let removed = 0;
      for (const name of await readdir(directory)) {
        const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
        if (!isMixId(id)) continue;
        if (now - (await createdAt(id)) <= ttlMs) continue;
        await remove(id);
        removed += 1;
      }
      for (const name of await readdir(claimedDir)) {
        const file = path.join(claimedDir, name);
        const claimedAt = await stat(file).then(
          (stats) => stats.mtimeMs,
          () => now,
        );
        if (now - claimedAt <= CLAIM_GRACE_MS) continue;
        // Claimed names are the upload's id (older ones with an extension after it).
        const id = name.split('.')[0] ?? '';
        await rm(file, { force: true });
        if (isMixId(id)) await rm(recordPath(id), { force: true });
        removed += 1;
      }
      return removed;
    },
  };

  /** When an upload was created; from its record's file time if the record is unreadable. */
  async function createdAt(id: string): Promise<number> {
    const created = Date.parse((await readRecord(id))?.creation_date ?? '');
    if (Number.isFinite(created)) return created;
    return stat(recordPath(id)).then(
      (stats) => stats.mtimeMs,
      () => 0,
    );
  }
}
