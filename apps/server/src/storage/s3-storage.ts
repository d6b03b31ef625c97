import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { checkKey, type ByteRange, type MediaStorage, type StoredRead } from './media-storage.ts';
import { mediaTypeOf } from './media-types.ts';

/** An S3-compatible store (MELON_S3_*, README). */
export interface S3Settings {
  /** The store's URL; empty for AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Where a CDN serves the bucket's objects from; undefined: Melon streams them. */
  publicBaseUrl: string | undefined;
}

/** Objects per DeleteObjects request: S3's limit. */
const DELETE_BATCH = 1000;

const contentTypeOf = (key: string) => mediaTypeOf(key) ?? 'application/octet-stream';

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/** The SDK client's settings for the store (also those of the tus S3 store's own client). */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // Plain payloads: S3-compatible stores do not all read the SDK's checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** The bucket's objects, a key being the object's name. */
export function createS3Storage(settings: S3Settings): MediaStorage {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;

  async function putFile(key: string, file: string): Promise<void> {
    const { size } = await stat(file);
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: checkKey(key),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentTypeOf(key),
      }),
    );
  }

  async function list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${checkKey(prefix)}/`, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  async function localFiles(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  }

  return {
    engine: 's3',
    s3Settings: settings,
    putFile,
    copy: async (from, to) => {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          CopySource: `${Bucket}/${checkKey(from)}`,
          Key: checkKey(to),
          ContentType: contentTypeOf(to),
          MetadataDirective: 'REPLACE',
        }),
      );
    },
    putBytes: async (key, bytes, contentType) => {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType ?? contentTypeOf(key),
        }),
      );
    },
    moveDirectory: async (dir, prefix) => {
      checkKey(prefix);
      for (const file of await localFiles(dir)) {
        await putFile(`${prefix}/${file.split(path.sep).join('/')}`, path.join(dir, file));
      }
      await rm(dir, { recursive: true, force: true });
    },
    read: async (key, range?: ByteRange): Promise<StoredRead | null> => {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checkKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const length = answer.ContentLength ?? 0;
        const total = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1]) : length;
        return {
          body: answer.Body as Readable,
          size: total,
          range: range
            ? { start: range.start, end: range.start + length - 1 }
            : { start: 0, end: length - 1 },
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    download: async (key, file) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        await pipeline(answer.Body as Readable, createWriteStream(file));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    head: async (key) => {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: answer.ContentLength ?? 0, etag: answer.ETag };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    deletePrefix: async (prefix) => {
      const keys = await list(prefix);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
    },
    list,
    publicUrl: (key) =>
      settings.publicBaseUrl === undefined
        ? undefined
        : `${settings.publicBaseUrl.replace(/\/+$/, '')}/${checkKey(key)}`,
  };
}
