import { claimIdWorker } from '@melon/db/id-worker';
import { openDatabase } from '@melon/db/open-database';
import { createIdGenerator } from '@melon/shared/ids/id';
import { moveDemoMediaToStorage } from './demo/demo-media-to-storage.ts';
import { seedDemoContent } from './demo/seed-demo.ts';
import { createJobQueue } from './jobs/create-job-queue.ts';
import { MissingJobHandlerError } from './jobs/job-handler.ts';
import { melonJobHandlers, REQUIRED_JOBS } from './job-handlers.ts';
import { loadWebBuild } from './modules/ssr/web-build.ts';
import { describeSweep, runSweeps } from './modules/sweeps/run-sweeps.ts';
import { startSweepTimer } from './modules/sweeps/sweep-timer.ts';
import { queueMissingTrials } from './modules/membership/trial-job.ts';
import { ensureSiteSecret, SiteSecretError } from './security/site-secret.ts';
import { createServer } from './server.ts';
import { loadSettings, readRole, SettingsError, type Role, type Settings } from './settings.ts';
import { prepareDatabase } from './startup/prepare-database.ts';
import { createMediaStorage } from './storage/create-media-storage.ts';

const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

function readStartup(): { settings: Settings; role: Role } {
  try {
    return { settings: loadSettings(), role: readRole(process.argv.slice(2)) };
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`melon: ${error.message}`);
    process.exit(1);
  }
}

const { settings, role } = readStartup();
const database = openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
// Ids carry a worker number no other running process of the site holds (decision 042).
const idWorker = await claimIdWorker(database, settings.dataDir);
const newId = createIdGenerator({ workerId: idWorker.workerId });
const mediaStorage = createMediaStorage(settings);
// Made before the first-start work, which queues the demo videos the cache lacks (decision 070).
const jobQueue = await createJobQueue({
  db: database.db,
  newId,
  redisUrl: settings.redisUrl,
  leaseMs: settings.jobLeaseMs,
});

/**
 * The first-start work every process of the site shares, done once under the start-up lock
 * after the migrations (decision 040): the site secret, then demo content for an empty site (put
 * in the S3 bucket when there is one, decision 041), its videos made in the background when the
 * demo cache lacks them (decision 070).
 */
async function firstStart(): Promise<Buffer> {
  const secret = await ensureSiteSecret(database.db, {
    dataDir: settings.dataDir,
    setting: settings.siteSecret,
  });
  if (settings.demo) {
    const { created, videosQueued } = await seedDemoContent(database.db, {
      dataDir: settings.dataDir,
      newId,
      videos: settings.demoVideos ? { cacheDir: settings.demoCacheDir, jobs: jobQueue } : undefined,
      retainPlaysDays: settings.retention.playsDays,
    });
    if (created > 0) console.log(`melon: created ${created} demo items`);
    if (videosQueued > 0) {
      console.log(`melon: making ${videosQueued} demo videos in the background`);
    }
  }
  await moveDemoMediaToStorage(settings.dataDir, mediaStorage);
  return secret;
}

async function prepare(): Promise<Buffer> {
  try {
    return await prepareDatabase(database, settings.dataDir, firstStart);
  } catch (error) {
    if (!(error instanceof SiteSecretError)) throw error;
    console.error(`melon: ${error.message}`);
    process.exit(1);
  }
}

// Before anything else starts, so a bad secret stops the process before it serves or works.
const secret = await prepare();

const server =
  role === 'worker'
    ? undefined
    : await createServer({
        db: database.db,
        newId,
        dataDir: settings.dataDir,
        secret,
        webBuild: await loadWebBuild(),
        oauthProviders: settings.oauthProviders,
        jobQueue,
        mediaStorage,
        uploadMaxBytes: settings.maxUploadBytes,
        maxDurationSeconds: settings.maxDurationSeconds,
        maxPixelRate: settings.maxPixelRate,
        storage: {
          userQuotaBytes: settings.userQuotaBytes,
          minFreeDiskBytes: settings.minFreeDiskBytes,
        },
        rateLimits: { redisUrl: settings.redisUrl },
        realtime: {
          redisUrl: settings.redisUrl,
          maxSocketsPerIp: settings.maxSocketsPerIp,
          maxStreamsPerIp: settings.maxStreamsPerIp,
        },
        trustedProxies: settings.trustedProxies,
        logLevel: settings.logLevel,
        operatorEndpoints: settings.operatorEndpoints,
        codeResendIntervalMs: settings.codeResendIntervalSeconds * 1000,
        publicUrl: settings.publicUrl,
        pay: settings.pay,
        appPackages: settings.appPackages,
      });

// From the moment the site answers, a stop waits for the rest of the start (the worker, the
// sweeps) and then shuts down cleanly: killed by the signal's default action in between, it
// left its work half begun (a health check's SIGTERM right after /readyz did exactly that).
let stopAsked: string | undefined;
const askStop = (signal: string) => {
  stopAsked ??= signal;
};
for (const signal of STOP_SIGNALS) process.on(signal, askStop);
if (server) await server.listen({ port: settings.port, host: settings.host });

const worker =
  role === 'web'
    ? undefined
    : jobQueue.createWorker(
        melonJobHandlers({
          db: database.db,
          dataDir: settings.dataDir,
          storage: mediaStorage,
          demoCacheDir: settings.demoCacheDir,
        }),
        {
          required: REQUIRED_JOBS,
        },
      );
try {
  await worker?.start();
} catch (error) {
  if (!(error instanceof MissingJobHandlerError)) throw error;
  console.error(`melon: ${error.message}`);
  process.exit(1);
}
if (worker)
  console.log(`melon: ${role} role runs ${jobQueue.mode} jobs: ${REQUIRED_JOBS.join(', ')}`);
// VIP and paid episodes without their preview rendition (made non-free later, demo content).
if (worker) await queueMissingTrials(database.db, jobQueue);
// The worker roles remove rows past their retention (decision 024).
const sweeps =
  role === 'web'
    ? undefined
    : startSweepTimer({
        sweep: async () => {
          const removed = describeSweep(
            await runSweeps(database.db, mediaStorage, settings.retention, Date.now()),
          );
          if (removed) console.log(`melon: swept ${removed}`);
        },
        intervalMs: settings.sweepIntervalMinutes * 60_000,
        onError: (error) => {
          console.error(`melon: sweep failed: ${String(error)}`);
        },
      });
// A worker has no listening socket; this timer keeps its process up until it is stopped.
const keepAlive = server ? undefined : setInterval(() => undefined, 60_000);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`melon: ${signal} received, shutting down`);
  clearInterval(keepAlive);
  // No new job is taken; a running one is stopped and handed back to the queue.
  await worker?.stop();
  await sweeps?.stop();
  await server?.close();
  await jobQueue.close();
  await idWorker.release();
  await database.close();
  process.exit(0);
}
for (const signal of STOP_SIGNALS) {
  process.off(signal, askStop);
  process.on(signal, () => void stop(signal));
}
if (stopAsked) void stop(stopAsked);
