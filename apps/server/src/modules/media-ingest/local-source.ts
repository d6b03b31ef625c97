import path from 'node:path';
import type { MediaStorage } from '../../storage/media-storage.ts';

/**
 * A video's source as a local file ffmpeg can open: an absolute path is one already (the local
 * disk keeps sources under `<dataDir>/sources`), a storage key is copied into `work` first
 * (decision 041). Null when the stored source is gone.
 */
export async function localSource(
  storage: MediaStorage,
  source: string,
  work: string,
): Promise<string | null> {
  if (path.isAbsolute(source)) return source;
  const copy = path.join(work, 'source');
  return (await storage.download(source, copy)) ? copy : null;
}
