import type { Readable } from 'node:stream';
import type { S3Settings } from './s3-storage.ts';

/*
 * Where media files live (decision 041): packages, covers, previews, storyboards, avatars,
 * comment pictures and video sources, by key — a relative path such as
 * `v/<item>/package-<run>/manifest.mpd`. Two engines: the local disk under `<data dir>/media`
 * (the default) and any S3-compatible store.
 */

/** Bytes `start` to `end` of an object, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What is known of an object without reading it. */
export interface StoredHead {
  size: number;
  /** Changes whenever the object does (an HTTP entity tag, quoted); undefined when unknown. */
  etag: string | undefined;
}

/** An object's bytes as read: the whole object, or the range asked for. */
export interface StoredRead {
  body: Readable;
  /** The whole object's size. */
  size: number;
  /** The range `body` holds; the whole object when none was asked. */
  range: ByteRange;
}

export interface MediaStorage {
  readonly engine: 'local' | 's3';
  /** The S3 engine's settings, for a client of its own (the tus S3 store); undefined on disk. */
  readonly s3Settings?: S3Settings | undefined;
  /** Stores a local file under `key`, replacing what was there. */
  putFile(key: string, file: string): Promise<void>;
  /** Copies the object under `from` to `to` inside the store (no bytes through Melon on S3). */
  copy(from: string, to: string): Promise<void>;
  /** Stores bytes under `key`, replacing what was there. */
  putBytes(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /**
   * Moves a finished local folder into storage under `prefix` (its files keep their relative
   * paths); the local folder is gone afterwards. The local disk renames it into place whole.
   */
  moveDirectory(dir: string, prefix: string): Promise<void>;
  /** The object's bytes (a range of them), or null when there is no such object. */
  read(key: string, range?: ByteRange): Promise<StoredRead | null>;
  /** Copies the object to a local file (for ffmpeg); false when there is no such object. */
  download(key: string, file: string): Promise<boolean>;
  /** The object's size and version tag (S3's ETag; none on the local disk), or null. */
  head(key: string): Promise<StoredHead | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The keys under `prefix/`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Where a CDN serves the object from (MELON_S3_PUBLIC_BASE_URL), or undefined: Melon serves it. */
  publicUrl(key: string): string | undefined;
}

const KEY_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A key is relative path parts of letters, digits, '.', '_' and '-': no '..', no leading '/'. */
export const isStorageKey = (key: string): boolean =>
  key.split('/').every((part) => KEY_PART.test(part) && part !== '..');

/** The key, or an error for what is not one (a path that could leave the store). */
export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}
