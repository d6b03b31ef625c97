import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath } from '@melon/shared/testing/fixtures';

/** A video or image under the repository's fixtures/media (see fixtures/README.md); read only. */
export function mediaFixture(name: string): string {
  return fixturePath('media', name);
}

/** A fresh directory under the system's temp dir, and a function that removes it. */
export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'melon-media-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
