import { unavailable } from '../../lib/domain-error.ts';
import { createWorkGate } from '../../lib/work-gate.ts';
import { studioMessages as t } from './studio.messages.ts';

/** Frame grabs (one ffmpeg each) and cover decodes running at once in this process. */
export const COVER_WORK_LIMIT = 2;

/** Requests waiting for a place; one more is told the server is busy (decision 066). */
export const COVER_WORK_QUEUE = 8;

/** The one gate of this process's cover work: every studio's cover upload and frame grab. */
export const coverWork = createWorkGate({
  limit: COVER_WORK_LIMIT,
  queue: COVER_WORK_QUEUE,
  busy: () => unavailable(t.coverBusy),
});
