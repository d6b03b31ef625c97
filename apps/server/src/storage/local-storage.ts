import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, cp, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkKey, type ByteRange, type MediaStorage, type StoredRead } from './media-storage.ts';

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes(String((error as NodeJS.ErrnoException).code));

/** Media files under `root` (`<data dir>/media`), a key being a path under it. */
export function createLocalStorage(root: string): MediaStorage {
  const fileOf = (key: string) => path.join(root, checkKey(key));

  async function size(key: string): Promise<number | null> {
    try {
      const stats = await stat(fileOf(key));
      return stats.isFile() ? stats.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function listFiles(dir: string, prefix: string): Promise<string[]> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const nested = await Promise.all(
      entries.map((entry) =>
        entry.isDirectory()
          ? listFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`)
          : Promise.resolve([`${prefix}/${entry.name}`]),
      ),
    );
    return nested.flat();
  }

  return {
    engine: 'local',
    putFile: async (key, file) => {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(file, target);
    },
    copy: async (from, to) => {
      const target = fileOf(to);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(fileOf(from), target);
    },
    putBytes: async (key, bytes) => {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    },
    moveDirectory: async (dir, prefix) => {
      const target = fileOf(prefix);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(dir, target);
      } catch (error) {
        // The media dir on a file system of its own: copied beside its name, then renamed whole.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const partial = `${target}.partial`;
        await cp(dir, partial, { recursive: true });
        await rename(partial, target);
        await rm(dir, { recursive: true, force: true });
      }
    },
    read: async (key, range?: ByteRange): Promise<StoredRead | null> => {
      const total = await size(key);
      if (total === null) return null;
      const whole = { start: 0, end: total - 1 };
      const read = range ?? whole;
      return {
        // An empty file has no byte to end at.
        body: createReadStream(fileOf(key), total === 0 ? {} : read),
        size: total,
        range: read,
      };
    },
    download: async (key, file) => {
      if ((await size(key)) === null) return false;
      await pipeline(createReadStream(fileOf(key)), createWriteStream(file));
      return true;
    },
    head: async (key) => {
      const total = await size(key);
      return total === null ? null : { size: total, etag: undefined };
    },
    delete: (key) => rm(fileOf(key), { force: true }),
    deletePrefix: (prefix) => rm(fileOf(prefix), { recursive: true, force: true }),
    list: async (prefix) => (await listFiles(fileOf(prefix), checkKey(prefix))).sort(),
    publicUrl: () => undefined,
  };
}
