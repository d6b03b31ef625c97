import { copyFile, mkdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { admitVideo } from '@melon/media/admission';
import type { AdmissionCode, AdmissionLimits } from '@melon/media/admission-messages';
import { TAG_MAX_COUNT, TAG_MAX_LENGTH, TITLE_MAX_LENGTH } from '@melon/shared/contracts/publish';
import { DomainError, invalid } from '../../lib/domain-error.ts';
import { codePointLength } from '@melon/shared/format/code-point-length';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { ingestMessages } from './ingest.messages.ts';
import { indexItem } from '../search-index/search-index.service.ts';
import {
  defaultChannelId,
  insertProcessingItem,
  publishableChannelExists,
  setItemMediaJob,
  tagItem,
  userExists,
} from './item-media.repository.ts';
import { TRANSCODE_JOB, type TranscodePayload } from './transcode-job.ts';

export interface IngestDeps {
  db: Kysely<Database>;
  newId: () => string;
  dataDir: string;
  limits: AdmissionLimits;
  jobs: JobQueue;
  /**
   * An S3 store keeps the source too, as `sources/<item_id>`, for a worker on another machine;
   * the local disk (or none given) keeps it under `<dataDir>/sources` (decision 041).
   */
  storage?: MediaStorage | undefined;
}

export interface IngestInput {
  /** The uploaded or imported file; ingest owns it from here on (moved or deleted). */
  sourcePath: string;
  title: string;
  abstract?: string;
  userId: string;
  /** Absent: the site's first channel that takes videos. */
  channelId?: number;
  tags?: readonly string[];
  /** The cover's frame, from the start; absent: a representative frame a third in. */
  coverTimeMs?: number;
  /**
   * The same bytes already in the S3 store under this key (a tus upload): the source is copied
   * from it inside the store instead of put again from the local file.
   */
  storedCopy?: string;
}

export interface Ingested {
  itemId: string;
  jobId: string;
}

/** ffprobe refused the file: the message says why, in the uploader's words. */
export class VideoRefusedError extends DomainError {
  override name = 'VideoRefusedError';
  readonly reason: AdmissionCode;

  constructor(reason: AdmissionCode, message: string) {
    super('invalid', message);
    this.reason = reason;
  }
}

/**
 * Takes a video in: checks the form, lets ffprobe decide, then creates the item with its media
 * `processing` and queues its transcode in one transaction. The item stays out of feeds and
 * playback until the job has made it ready.
 *
 * Bad form fields throw before the file is touched (the caller may fix them and retry); a file
 * ffprobe refuses is deleted and nothing is written.
 */
export async function ingestVideo(deps: IngestDeps, input: IngestInput): Promise<Ingested> {
  const { db, newId, jobs } = deps;
  const title = input.title.trim();
  if (title === '') throw invalid(ingestMessages.titleRequired, 'title');
  if (codePointLength(title) > TITLE_MAX_LENGTH) {
    throw invalid(ingestMessages.titleTooLong, 'title');
  }
  const tags = [...new Set((input.tags ?? []).map((tag) => tag.trim()).filter(Boolean))];
  if (tags.length > TAG_MAX_COUNT || tags.some((tag) => codePointLength(tag) > TAG_MAX_LENGTH)) {
    throw invalid(ingestMessages.tagsInvalid, 'tags');
  }
  if (!(await userExists(db, input.userId))) {
    throw invalid(ingestMessages.unknownUser, 'user_id');
  }
  const channelId = input.channelId ?? (await defaultChannelId(db));
  if (channelId === undefined || !(await publishableChannelExists(db, channelId))) {
    throw invalid(ingestMessages.unknownChannel, 'channel_id');
  }

  const admission = await admitVideo(input.sourcePath, deps.limits).catch(
    async (error: unknown) => {
      await rm(input.sourcePath, { force: true });
      throw error;
    },
  );
  if (!admission.ok) {
    await rm(input.sourcePath, { force: true });
    throw new VideoRefusedError(admission.code, admission.message);
  }

  const itemId = newId();
  // No extension: nothing about the file's name reaches ffmpeg, which reads the bytes alone.
  const sourcePath = await keepSource(deps, input, itemId);
  const payload: TranscodePayload = { itemId, coverTimeMs: input.coverTimeMs };
  try {
    const job = await db.transaction().execute(async (trx) => {
      const now = Date.now();
      await insertProcessingItem(trx, {
        itemId,
        userId: input.userId,
        channelId,
        title,
        abstract: input.abstract?.trim() ?? '',
        sourcePath,
        durationMs: Math.round(admission.probe.duration * 1000),
        maxFps: admission.probe.video?.fps ?? 0,
        now,
      });
      await tagItem(trx, itemId, tags, newId);
      await indexItem(trx, itemId);
      const prepared = await jobs.prepare(trx, TRANSCODE_JOB, payload);
      await setItemMediaJob(trx, itemId, prepared.id);
      return prepared;
    });
    await jobs.dispatch(job);
    return { itemId, jobId: job.id };
  } catch (error) {
    await dropSource(deps, sourcePath);
    throw error;
  }
}

/** Keeps the admitted file as the item's source: its local path, or its key in an S3 store. */
async function keepSource(deps: IngestDeps, input: IngestInput, itemId: string): Promise<string> {
  const file = input.sourcePath;
  if (deps.storage?.engine === 's3') {
    const key = `sources/${itemId}`;
    try {
      if (input.storedCopy) await deps.storage.copy(input.storedCopy, key);
      else await deps.storage.putFile(key, file);
    } finally {
      await rm(file, { force: true });
    }
    return key;
  }
  const sourcePath = path.join(deps.dataDir, 'sources', itemId);
  await mkdir(path.dirname(sourcePath), { recursive: true });
  await moveFile(file, sourcePath);
  return sourcePath;
}

async function dropSource(deps: IngestDeps, sourcePath: string): Promise<void> {
  if (path.isAbsolute(sourcePath)) await rm(sourcePath, { force: true });
  else await deps.storage?.delete(sourcePath);
}

/** rename(), or copy and unlink across file systems (an import from /tmp into the data dir). */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await unlink(from);
  }
}
