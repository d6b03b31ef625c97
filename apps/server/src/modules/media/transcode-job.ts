import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { makeDerived } from '@melon/media/derived';
import { probe, type ProbeSummary } from '@melon/media/probe';
import { transcode } from '@melon/media/transcode';
import { PermanentJobError, type JobHandler } from '../../jobs/job-handler.ts';
import { ingestMessages } from './ingest.messages.ts';
import { itemRenditionRows } from './item-rendition-rows.ts';
import { findItemMediaForJob, markMediaFailed, markMediaReady } from './item-media.repository.ts';

export const TRANSCODE_JOB = 'transcode';

export interface TranscodePayload {
  itemId: string;
  coverTimeMs?: number | undefined;
}

/** Share of the progress bar the ladder takes; covers, preview and storyboard take the rest. */
const TRANSCODE_SHARE = 85;

/** The source file is gone: no retry can bring it back. */
class SourceMissingError extends PermanentJobError {
  override name = 'SourceMissingError';
}

export interface TranscodeJobDeps {
  db: Kysely<Database>;
  dataDir: string;
}

/**
 * Makes an ingested item playable: the ladder into `v/<item>/package-<run>/`, covers, preview
 * and storyboard into `v/<item>/derived-<run>/` (each written aside and moved into place whole),
 * then renditions and the ready state in one transaction. Every attempt starts by clearing the
 * item's directory: while the item is processing nothing there is referenced, so whatever a
 * killed run left half-written goes.
 */
export function transcodeJob(deps: TranscodeJobDeps): JobHandler {
  const mediaRoot = path.join(deps.dataDir, 'media');
  const absolute = (relative: string) => path.join(mediaRoot, relative);

  return {
    name: TRANSCODE_JOB,
    run: async (payload, context) => {
      const { itemId, coverTimeMs } = readPayload(payload);
      const media = await findItemMediaForJob(deps.db, itemId);
      if (!media) throw new PermanentJobError(`item ${itemId} has no media`);
      if (media.state !== 'processing') return;

      const summary = await probeSource(media.source_path, context.signal);
      const videoDir = `v/${itemId}`;
      await rm(absolute(videoDir), { recursive: true, force: true });
      const run = randomBytes(4).toString('hex');
      const packageDir = `${videoDir}/package-${run}`;
      const derivedDir = `${videoDir}/derived-${run}`;

      context.progress(0);
      const result = await transcode({
        input: media.source_path,
        outputDir: absolute(packageDir),
        probe: summary,
        onProgress: (percent) => {
          context.progress((percent * TRANSCODE_SHARE) / 100);
        },
        signal: context.signal,
      });
      context.progress(TRANSCODE_SHARE);
      const derived = await makeDerived({
        input: media.source_path,
        outputDir: absolute(derivedDir),
        probe: summary,
        coverAtSeconds:
          coverTimeMs === undefined ? undefined : Math.min(coverTimeMs / 1000, summary.duration),
        signal: context.signal,
      });
      context.progress(99);

      const made = await markMediaReady(deps.db, {
        itemId,
        userId: media.user_id,
        packageDir,
        derivedDir,
        storyboard: JSON.stringify(derived.storyboard),
        maxFps: summary.video?.fps ?? 0,
        durationMs: Math.round(result.duration * 1000),
        coverLargeUri: `${derivedDir}/${derived.covers.large.webp}`,
        coverMiddleUri: `${derivedDir}/${derived.covers.middle.webp}`,
        previewUri: `${derivedDir}/${derived.preview}`,
        renditions: itemRenditionRows(itemId, result),
        now: Date.now(),
      });
      // Failed or deleted meanwhile: what this run wrote is referenced by nothing.
      if (!made) {
        await rm(absolute(packageDir), { recursive: true, force: true });
        await rm(absolute(derivedDir), { recursive: true, force: true });
      }
    },
    onFailed: async (payload, error) => {
      const { itemId } = readPayload(payload);
      const message = error.startsWith('SourceMissingError')
        ? ingestMessages.sourceMissing
        : ingestMessages.transcodeFailed;
      await markMediaFailed(deps.db, itemId, message, Date.now());
      await rm(absolute(`v/${itemId}`), { recursive: true, force: true });
    },
  };
}

function readPayload(payload: unknown): TranscodePayload {
  const value = payload as Partial<TranscodePayload> | null;
  if (typeof value?.itemId !== 'string' || !/^[0-9]{1,26}$/.test(value.itemId)) {
    throw new PermanentJobError('transcode payload names no item');
  }
  const cover = value.coverTimeMs;
  return {
    itemId: value.itemId,
    coverTimeMs: typeof cover === 'number' && cover >= 0 ? cover : undefined,
  };
}

async function probeSource(source: string, signal: AbortSignal): Promise<ProbeSummary> {
  try {
    return await probe(source, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new SourceMissingError(`source ${source} is missing`);
    }
    throw error;
  }
}
