import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { DEMO_VIDEO_JOB, demoVideoJob } from './demo/demo-video-job.ts';
import { TRANSCODE_JOB, transcodeJob } from './modules/media-ingest/transcode-job.ts';
import { TRIAL_PACKAGE_JOB, trialPackageJob } from './modules/membership/trial-job.ts';
import type { JobHandler } from './jobs/job-handler.ts';
import type { MediaStorage } from './storage/media-storage.ts';

/** Jobs the site queues: a worker without a handler for each refuses to start. */
export const REQUIRED_JOBS: readonly string[] = [TRANSCODE_JOB, TRIAL_PACKAGE_JOB, DEMO_VIDEO_JOB];

/** Every handler a Melon worker runs, composed from the modules that own the jobs (role worker or all, and `melon import --wait`). */
export function melonJobHandlers(deps: {
  db: Kysely<Database>;
  dataDir: string;
  storage?: MediaStorage;
  /** MELON_DEMO_CACHE_DIR, where the demo videos are made (decision 070). */
  demoCacheDir: string;
}): JobHandler[] {
  return [
    transcodeJob(deps),
    trialPackageJob(deps),
    demoVideoJob({ ...deps, cacheDir: deps.demoCacheDir }),
  ];
}
