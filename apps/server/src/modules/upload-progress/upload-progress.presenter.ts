import type { UploadProgress } from '@melon/shared/contracts/upload-progress';
import type { UploadProgressRow } from './upload-progress.repository.ts';
import { uploadProgressMessages as messages } from './upload-progress.messages.ts';

/** What the author sees of an uploaded video's processing: state, percent and a line of text. */
export function presentProgress(row: UploadProgressRow): UploadProgress {
  const base = { item_id: row.item_id };
  if (row.media_state === 'ready') {
    return { ...base, state: 'ready', progress: 100, message: messages.ready };
  }
  const progress = Math.min(99, row.job_progress ?? 0);
  if (row.media_state === 'failed') {
    return {
      ...base,
      state: 'failed',
      progress,
      message: row.error_message ?? messages.failed,
    };
  }
  const waiting = row.job_state !== 'running';
  const retried = (row.job_attempts ?? 0) > (waiting ? 0 : 1);
  return {
    ...base,
    state: 'processing',
    progress,
    message: retried ? messages.retrying : waiting ? messages.queued : messages.processing,
  };
}

/** Two answers differ in what the author would see. */
export function sameProgress(a: UploadProgress, b: UploadProgress): boolean {
  return a.state === b.state && a.progress === b.progress && a.message === b.message;
}
