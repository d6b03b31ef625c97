import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '../storage/media-storage.ts';

/**
 * The demo writes its covers, avatars and linked videos under `<dataDir>/media`. With an S3
 * store (decision 041) nothing else is written there, so whatever is there is moved into the
 * bucket, each top-level folder whole: run at every start, it also finishes a move a stopped
 * start left halfway. With the local disk the files are already where they are served from.
 */
export async function moveDemoMediaToStorage(
  dataDir: string,
  storage: MediaStorage,
): Promise<void> {
  if (storage.engine === 'local') return;
  const root = path.join(dataDir, 'media');
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isDirectory()) await storage.moveDirectory(path.join(root, entry.name), entry.name);
  }
}
