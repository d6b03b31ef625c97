import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { MissingJobHandlerError, registerHandlers, type JobHandler } from './job-handler.ts';
import { unfinishedJobNames } from './job.repository.ts';

/**
 * The handlers by name, after the checks both engines make before taking a job: every required
 * name has a handler, and no unfinished job in the database names one this worker lacks.
 */
export async function checkedHandlers(
  db: Kysely<Database>,
  handlers: readonly JobHandler[],
  required: readonly string[],
): Promise<Map<string, JobHandler>> {
  const byName = registerHandlers(handlers, required);
  const unknown = (await unfinishedJobNames(db)).filter((name) => !byName.has(name));
  if (unknown.length > 0) {
    throw new MissingJobHandlerError(
      `queued jobs name handlers this worker does not have: ${unknown.join(', ')}`,
    );
  }
  return byName;
}

/** Parses a stored payload; a payload that is not JSON is handed over as null. */
export function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
