import { mkdir, rename, rm } from 'node:fs/promises';

/**
 * Builds a directory out of sight and moves it into place only once `build` succeeds, so readers
 * see either the previous complete directory or the new complete one, never a half-written one.
 * The work directory is `<target>.partial`, a fixed name: a run killed midway leaves it behind and
 * the next run for the same target clears it first. On failure or abort it is removed.
 */
export async function writeDirectoryAtomically<T>(
  target: string,
  build: (workDir: string) => Promise<T>,
): Promise<T> {
  const workDir = `${target}.partial`;
  const previous = `${target}.previous`;
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  try {
    const result = await build(workDir);
    await rm(previous, { recursive: true, force: true });
    // rename() cannot replace a non-empty directory: move the old one aside first.
    const replaced = await rename(target, previous).then(
      () => true,
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      },
    );
    await rename(workDir, target).catch(async (error: unknown) => {
      if (replaced) await rename(previous, target);
      throw error;
    });
    if (replaced) await rm(previous, { recursive: true, force: true });
    return result;
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}
