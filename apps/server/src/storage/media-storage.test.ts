import { existsSync, statSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { createLocalStorage } from './local-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/* The same behaviour from both engines: the local disk and an S3 server reached over HTTP. */

let workDir: string;
let s3: TestS3Server;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'melon-storage-'));
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3.close();
  await rm(workDir, { recursive: true, force: true });
});

const engines: [string, () => MediaStorage][] = [
  ['local disk', () => createLocalStorage(path.join(workDir, 'media'))],
  ['S3', () => createS3Storage(s3.settings)],
];

describe.each(engines)('%s storage', (_, make) => {
  let storage: MediaStorage;
  let prefix: string;
  beforeAll(() => {
    storage = make();
  });
  let run = 0;
  const nextPrefix = () => `v/7300000000000000${String((run += 1)).padStart(3, '0')}`;

  it('stores bytes and files, and reads them whole or by range', async () => {
    prefix = nextPrefix();
    const source = path.join(workDir, `source-${storage.engine}.txt`);
    await writeFile(source, '0123456789');
    await storage.putFile(`${prefix}/a.txt`, source);
    await storage.putBytes(`${prefix}/b.vtt`, Buffer.from('WEBVTT'));

    const whole = await storage.read(`${prefix}/a.txt`);
    expect(whole && { size: whole.size, range: whole.range }).toEqual({
      size: 10,
      range: { start: 0, end: 9 },
    });
    expect(whole && (await text(whole.body))).toBe('0123456789');
    const part = await storage.read(`${prefix}/a.txt`, { start: 2, end: 5 });
    expect(part && { size: part.size, range: part.range }).toEqual({
      size: 10,
      range: { start: 2, end: 5 },
    });
    expect(part && (await text(part.body))).toBe('2345');
    const head = await storage.head(`${prefix}/b.vtt`);
    expect(head?.size).toBe(6);
    // S3 tags each version of an object; the local disk leaves that to @fastify/static.
    if (storage.engine === 's3') expect(head?.etag).toMatch(/^"[^"]+"$/);
    else expect(head?.etag).toBeUndefined();
  });

  it('copies an object inside the store and leaves the original', async () => {
    prefix = nextPrefix();
    await storage.putBytes(`${prefix}/from.bin`, Buffer.from('源文件'));
    await storage.copy(`${prefix}/from.bin`, `${prefix}/to/copy.mp4`);
    for (const key of [`${prefix}/from.bin`, `${prefix}/to/copy.mp4`]) {
      const read = await storage.read(key);
      expect(read && (await text(read.body))).toBe('源文件');
    }
  });

  it('answers null for what is not there', async () => {
    expect(await storage.read('v/none/manifest.mpd')).toBeNull();
    expect(await storage.head('v/none/manifest.mpd')).toBeNull();
    expect(await storage.download('v/none/manifest.mpd', path.join(workDir, 'x'))).toBe(false);
    expect(await storage.list('v/none')).toEqual([]);
  });

  it('moves a local folder in whole, lists it, downloads from it and deletes it', async () => {
    prefix = nextPrefix();
    const folder = path.join(workDir, `package-${storage.engine}`);
    await mkdir(path.join(folder, 'hls'), { recursive: true });
    await writeFile(path.join(folder, 'manifest.mpd'), '<MPD/>');
    await writeFile(path.join(folder, 'hls', 'media_0.m3u8'), '#EXTM3U');
    await storage.moveDirectory(folder, `${prefix}/package-1`);
    await storage.putBytes(`${prefix}/derived-1/cover.webp`, Buffer.from('RIFF'));

    await expect(readFile(path.join(folder, 'manifest.mpd'))).rejects.toThrow();
    expect(await storage.list(prefix)).toEqual([
      `${prefix}/derived-1/cover.webp`,
      `${prefix}/package-1/hls/media_0.m3u8`,
      `${prefix}/package-1/manifest.mpd`,
    ]);
    const copy = path.join(workDir, `copy-${storage.engine}.mpd`);
    expect(await storage.download(`${prefix}/package-1/manifest.mpd`, copy)).toBe(true);
    expect(await readFile(copy, 'utf8')).toBe('<MPD/>');

    await storage.delete(`${prefix}/derived-1/cover.webp`);
    await storage.delete(`${prefix}/derived-1/cover.webp`);
    expect(await storage.list(prefix)).toHaveLength(2);
    await storage.deletePrefix(`${prefix}/package-1`);
    expect(await storage.list(prefix)).toEqual([]);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../etc/passwd', '/abs', 'v//x', 'v/./x', 'v/a\\b']) {
      await expect(storage.head(key)).rejects.toThrow('not a storage key');
    }
  });
});

describe('public URLs', () => {
  it('are the CDN base and the key with a public base, none without', () => {
    expect(createLocalStorage(workDir).publicUrl('v/1/cover.webp')).toBeUndefined();
    expect(createS3Storage(s3.settings).publicUrl('v/1/cover.webp')).toBeUndefined();
    const cdn = createS3Storage({ ...s3.settings, publicBaseUrl: 'https://cdn.example.com/m/' });
    expect(cdn.publicUrl('v/1/cover.webp')).toBe('https://cdn.example.com/m/v/1/cover.webp');
  });
});

// A media dir mounted apart from the work folders: rename(2) cannot cross, so the move copies.
const otherFileSystem =
  existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev;

describe.runIf(otherFileSystem)('local disk storage on another file system', () => {
  it('moves a folder in whole across file systems', async () => {
    const folder = await mkdtemp(path.join('/dev/shm', 'melon-package-'));
    await writeFile(path.join(folder, 'manifest.mpd'), '<MPD/>');
    const storage = createLocalStorage(path.join(workDir, 'media-across'));
    await storage.moveDirectory(folder, 'v/7300000000000000999/package-1');
    expect(existsSync(folder)).toBe(false);
    expect(await storage.list('v/7300000000000000999')).toEqual([
      'v/7300000000000000999/package-1/manifest.mpd',
    ]);
    expect(
      existsSync(path.join(workDir, 'media-across/v/7300000000000000999/package-1.partial')),
    ).toBe(false);
  });
});
