import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AdmissionLimits } from '@melon/media/admission-messages';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { ingestVideo, type Ingested, type IngestInput } from './ingest.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue main chose (database or BullMQ). */
    jobQueue: JobQueue;
    /** Takes an uploaded file in as a new video (see ingest.service.ts). */
    ingestVideo: (input: IngestInput) => Promise<Ingested>;
  }
}

export interface IngestPluginOptions {
  dataDir: string;
  limits: AdmissionLimits;
  /** Absent: the database queue on the app's database (tests, a lone web role). */
  jobQueue?: JobQueue | undefined;
  /** Where sources go (an S3 store); `<dataDir>/sources` when left out. */
  storage?: MediaStorage | undefined;
}

/** Gives routes (the publish call) the way into the media pipeline. */
export default fp(
  (app: FastifyInstance, options: IngestPluginOptions) => {
    const jobs =
      options.jobQueue ?? new DatabaseJobQueue({ db: app.db, newId: app.newId, leaseMs: 60_000 });
    app.decorate('jobQueue', jobs);
    app.decorate('ingestVideo', (input: IngestInput) =>
      ingestVideo(
        {
          db: app.db,
          newId: app.newId,
          dataDir: options.dataDir,
          limits: options.limits,
          jobs,
          storage: options.storage,
        },
        input,
      ),
    );
    if (!options.jobQueue) app.addHook('onClose', () => jobs.close());
  },
  { name: 'ingest', dependencies: ['database'] },
);
