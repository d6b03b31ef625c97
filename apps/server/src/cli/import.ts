import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { claimIdWorker } from '@melon/db/id-worker';
import { openDatabase } from '@melon/db/open-database';
import { createIdGenerator } from '@melon/shared/ids/id';
import type { UploadProgress } from '@melon/shared/contracts/upload-progress';
import { DomainError } from '../lib/domain-error.ts';
import { createJobQueue } from '../jobs/create-job-queue.ts';
import { DatabaseJobQueue } from '../jobs/database-job-queue.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { melonJobHandlers, REQUIRED_JOBS } from '../job-handlers.ts';
import { ingestVideo } from '../modules/media-ingest/ingest.service.ts';
import { findUploadProgress } from '../modules/upload-progress/upload-progress.repository.ts';
import { presentProgress } from '../modules/upload-progress/upload-progress.presenter.ts';
import { loadSettings, SettingsError, type Settings } from '../settings.ts';
import { indexUser } from '../modules/search-index/search-index.service.ts';
import { prepareDatabase } from '../startup/prepare-database.ts';
import { createMediaStorage } from '../storage/create-media-storage.ts';
import { terminalText } from './terminal-text.ts';

export interface ImportIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Draws the progress bar; a terminal redraws one line, a pipe gets a line per change. */
  progress: (progress: UploadProgress) => void;
}

const USAGE = 'usage: melon import <file> --title <title> [--user <user_id>] [--wait]';

/** The account imports are published under when no --user is given. */
export const SITE_ACCOUNT_NAME = 'Melon 官方';

/**
 * `melon import <file> --title <t> [--user <id>] [--wait]`: argv is what follows `import`.
 * Takes a copy of the file in (the original is left alone), prints the new item id and, with
 * --wait, shows the processing until the video plays, running the job itself when no worker
 * has taken it. Exit code: 0 done, 1 refused or failed, 2 bad usage.
 */
export async function runImport(
  argv: readonly string[],
  io: ImportIo = terminalIo(),
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        title: { type: 'string' },
        user: { type: 'string' },
        wait: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    io.err(`melon: ${(error as Error).message}`);
    io.err(USAGE);
    return 2;
  }
  const { positionals, values } = parsed;
  const [file] = positionals;
  if (positionals.length !== 1 || !file || values.title === undefined) {
    io.err(USAGE);
    return 2;
  }
  if (values.user !== undefined && !/^[0-9]{1,26}$/.test(values.user)) {
    io.err(`melon: --user must be a user id (digits), got "${values.user}"`);
    return 2;
  }
  const isFile = await stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
  if (!isFile) {
    io.err(`melon: cannot read ${file}: no such file`);
    return 1;
  }

  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    io.err(`melon: ${error.message}`);
    return 1;
  }
  const database = openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  // A worker number no running process holds: ids made here never collide with theirs.
  const idWorker = await claimIdWorker(database, settings.dataDir);
  const newId = createIdGenerator({ workerId: idWorker.workerId });
  const db = database.db;
  let queue: JobQueue | undefined;
  // Named without the file's extension: ffmpeg decides the format from the bytes alone.
  const copy = path.join(settings.dataDir, 'sources', `.import-${randomBytes(6).toString('hex')}`);
  try {
    await prepareDatabase(database, settings.dataDir, () => undefined);
    queue = await createJobQueue({
      db,
      newId,
      redisUrl: settings.redisUrl,
      leaseMs: settings.jobLeaseMs,
    });
    await mkdir(path.dirname(copy), { recursive: true });
    await copyFile(file, copy);
    const { itemId, jobId } = await ingestVideo(
      {
        db,
        newId,
        dataDir: settings.dataDir,
        limits: {
          maxBytes: settings.maxUploadBytes,
          maxDurationSeconds: settings.maxDurationSeconds,
          maxPixelRate: settings.maxPixelRate,
        },
        jobs: queue,
        storage: createMediaStorage(settings),
      },
      {
        sourcePath: copy,
        title: values.title,
        userId: values.user ?? (await siteAccount(db, newId)),
      },
    );
    io.out(itemId);
    if (!values.wait) return 0;
    return await waitUntilPlayable({ db, queue, settings, itemId, jobId, io });
  } catch (error) {
    if (error instanceof DomainError) {
      io.err(`melon: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await rm(copy, { force: true });
    await queue?.close();
    await idWorker.release();
    await database.close();
  }
}

/**
 * Shows the item's progress until it is ready or failed. With the database queue the CLI also
 * runs a worker for this one job: whichever worker leases it first does the work.
 */
async function waitUntilPlayable(options: {
  db: Kysely<Database>;
  queue: JobQueue;
  settings: Settings;
  itemId: string;
  jobId: string;
  io: ImportIo;
}): Promise<number> {
  const { db, queue, settings, itemId, jobId, io } = options;
  const worker =
    queue instanceof DatabaseJobQueue
      ? queue.createWorker(
          melonJobHandlers({
            db,
            dataDir: settings.dataDir,
            storage: createMediaStorage(settings),
            demoCacheDir: settings.demoCacheDir,
          }),
          {
            required: REQUIRED_JOBS,
            onlyJobId: jobId,
            // Job logs may quote the file's own metadata.
            log: (line) => {
              io.err(`melon: ${terminalText(line)}`);
            },
          },
        )
      : undefined;
  await worker?.start();
  // Ctrl-C stops waiting; the job goes back to the queue for a worker to finish.
  const stopWaiting = new AbortController();
  const interrupt = () => {
    stopWaiting.abort();
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    let last = '';
    for (;;) {
      if (stopWaiting.signal.aborted) {
        io.err(`melon: 已停止等待；视频 ${itemId} 仍在队列中，由工作进程继续处理`);
        return 130;
      }
      const row = await findUploadProgress(db, itemId);
      if (!row) throw new Error(`item ${itemId} disappeared`);
      const progress = presentProgress(row);
      const shown = `${progress.state}:${progress.progress}:${progress.message}`;
      if (shown !== last) {
        last = shown;
        io.progress(progress);
      }
      if (progress.state === 'ready') return 0;
      if (progress.state === 'failed') {
        io.err(`melon: ${terminalText(progress.message)}`);
        return 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await worker?.stop();
  }
}

/** The site's own account, created on first use. */
async function siteAccount(db: Kysely<Database>, newId: () => string): Promise<string> {
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('name', '=', SITE_ACCOUNT_NAME)
    .executeTakeFirst();
  if (found) return found.id;
  const id = newId();
  await db
    .insertInto('users')
    .values({ id, name: SITE_ACCOUNT_NAME, user_auth_info: null, created_at: Date.now() })
    .execute();
  await indexUser(db, id);
  return id;
}

const BAR_WIDTH = 30;

function terminalIo(): ImportIo {
  const tty = process.stderr.isTTY;
  return {
    out: (line) => {
      console.log(line);
    },
    err: (line) => {
      if (tty) process.stderr.write('\n');
      console.error(line);
    },
    progress: ({ progress, message, state }) => {
      const filled = Math.round((progress / 100) * BAR_WIDTH);
      const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(progress).padStart(3)}% ${terminalText(message)}`;
      if (!tty) {
        process.stderr.write(`${bar}\n`);
        return;
      }
      process.stderr.write(`\r\x1b[2K${bar}${state === 'processing' ? '' : '\n'}`);
    },
  };
}
