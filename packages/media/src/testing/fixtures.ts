import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared real-world fixtures (../shared/fixtures/media from the project root); read only. */
export function mediaFixture(name: string): string {
  return fileURLToPath(new URL(`../../../../../shared/fixtures/media/${name}`, import.meta.url));
}

/** A fresh directory under the system's temp dir, and a function that removes it. */
export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'melon-media-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
