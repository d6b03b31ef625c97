import type { FastifyInstance } from 'fastify';
import type { MediaStorage } from '../../storage/media-storage.ts';
import publishRoutes from './publish.routes.ts';
import tusRoutes from './tus.routes.ts';
import { createStorageGuard, DEFAULT_STORAGE_LIMITS, type StorageLimits } from './storage-guard.ts';
import { createS3UploadStore } from './s3-upload-store.ts';
import { createUploadStore } from './upload-store.ts';

/** How often uploads past their time are looked for. */
const SWEEP_INTERVAL_MS = 3600_000;

export interface UploadRoutesOptions {
  dataDir: string;
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** The user's quota and the disk's floor; DEFAULT_STORAGE_LIMITS for what is left out. */
  storage?: Partial<StorageLimits> | undefined;
  /** Where media live: the quota sizes sources kept in S3 there. */
  mediaStorage?: MediaStorage | undefined;
}

/**
 * A creator's way in: the resumable upload (tus) under `<dataDir>/uploads/`, or under `uploads/`
 * in the bucket when media live in S3 (any web process then takes any request), the publish call
 * that hands a finished upload to ingest, and an hourly sweep deleting uploads not published
 * within UPLOAD_TTL_MS.
 */
export default async function uploadRoutes(
  app: FastifyInstance,
  options: UploadRoutesOptions,
): Promise<void> {
  const s3Settings = options.mediaStorage?.s3Settings;
  const store =
    s3Settings && options.mediaStorage
      ? createS3UploadStore({
          dataDir: options.dataDir,
          settings: s3Settings,
          storage: options.mediaStorage,
        })
      : createUploadStore(options.dataDir);
  const guard = createStorageGuard({
    db: app.db,
    store,
    limits: { ...DEFAULT_STORAGE_LIMITS, ...options.storage },
    mediaStorage: options.mediaStorage,
  });
  await app.register(tusRoutes, { store, maxBytes: options.maxBytes, guard });
  await app.register(publishRoutes, { store });

  const sweep = () => {
    store.sweepExpired().catch((error: unknown) => {
      app.log.error({ err: error }, 'upload sweep failed');
    });
  };
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', (done) => {
    sweep();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
