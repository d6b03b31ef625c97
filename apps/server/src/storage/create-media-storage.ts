import path from 'node:path';
import { createLocalStorage } from './local-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { createS3Storage, type S3Settings } from './s3-storage.ts';

/** The S3 store when MELON_S3_* names one, else the local disk under `<dataDir>/media`. */
export function createMediaStorage(options: {
  dataDir: string;
  s3?: S3Settings | undefined;
}): MediaStorage {
  return options.s3
    ? createS3Storage(options.s3)
    : createLocalStorage(path.join(options.dataDir, 'media'));
}
