import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDirectoryAtomically } from './atomic-dir.ts';
import { tempDir } from './testing/fixtures.ts';

describe('writeDirectoryAtomically', () => {
  let dir = '';
  let remove = async () => {};
  beforeAll(async () => ({ dir, remove } = await tempDir()));
  afterAll(() => remove());

  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );

  it('shows the directory only once it is complete', async () => {
    const target = path.join(dir, 'package');
    const result = await writeDirectoryAtomically(target, async (work) => {
      expect(work).toBe(`${target}.partial`);
      await writeFile(path.join(work, 'a.txt'), 'a');
      expect(await exists(target)).toBe(false);
      return 42;
    });
    expect(result).toBe(42);
    expect(await readdir(target)).toEqual(['a.txt']);
    expect(await readdir(dir)).toEqual(['package']);
  });

  it('replaces a previous directory and clears a killed run’s leftovers', async () => {
    const target = path.join(dir, 'replaced');
    await mkdir(target);
    await writeFile(path.join(target, 'old.txt'), 'old');
    await mkdir(`${target}.partial`);
    await writeFile(path.join(`${target}.partial`, 'half.txt'), 'half');

    await writeDirectoryAtomically(target, async (work) => {
      expect(await readdir(work)).toEqual([]);
      await writeFile(path.join(work, 'new.txt'), 'new');
    });
    expect(await readdir(target)).toEqual(['new.txt']);
    expect(await readFile(path.join(target, 'new.txt'), 'utf8')).toBe('new');
    expect(await exists(`${target}.partial`)).toBe(false);
    expect(await exists(`${target}.previous`)).toBe(false);
  });

  it('removes the work and keeps the previous directory when building fails', async () => {
    const target = path.join(dir, 'failed');
    await mkdir(target);
    await writeFile(path.join(target, 'kept.txt'), 'kept');
    await expect(
      writeDirectoryAtomically(target, async (work) => {
        await writeFile(path.join(work, 'x.txt'), 'x');
        throw new Error('ffmpeg failed');
      }),
    ).rejects.toThrow('ffmpeg failed');
    expect(await readdir(target)).toEqual(['kept.txt']);
    expect(await exists(`${target}.partial`)).toBe(false);
  });
});
