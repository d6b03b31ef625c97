import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { isMixId } from '@melon/shared/ids/id-rules';
import {
  reviewCertification,
  type Verdict,
} from '../modules/certification/certification-review.ts';
import { withCliDatabase } from './cli-database.ts';
import { terminalText } from './terminal-text.ts';

export interface CertificationReviewIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A database to use instead of the settings' (tests). */
  db?: Kysely<Database>;
}

const USAGE = 'usage: melon certification review <id> approve|reject [--reason <text>]';
const REASON_MAX_LENGTH = 200;

/** The verdict the arguments give; undefined for a bad usage. */
function verdictOf(args: readonly string[]): Verdict | undefined {
  const [decision, flag, reason, ...extra] = args;
  if (extra.length > 0) return undefined;
  if (decision === 'approve' && flag === undefined) return { state: 'approved' };
  if (decision !== 'reject') return undefined;
  if (flag === undefined) return { state: 'rejected', reason: '' };
  const text = reason?.trim() ?? '';
  if (flag !== '--reason' || text === '' || text.length > REASON_MAX_LENGTH) return undefined;
  return { state: 'rejected', reason: text };
}

/**
 * `melon certification review <id> approve|reject [--reason <text>]`: the operator's verdict on
 * a pending certification application (decision 046); an approved one shows on the author page.
 * Exit code: 0 done, 1 unknown or already reviewed application or bad setting, 2 bad usage.
 */
export async function runCertificationReview(
  args: readonly string[],
  io: CertificationReviewIo = { out: console.log, err: console.error },
): Promise<number> {
  const [id, ...rest] = args;
  const verdict = verdictOf(rest);
  if (id === undefined || !isMixId(id) || verdict === undefined) {
    io.err(USAGE);
    return 2;
  }
  return withCliDatabase(io, async (db) => {
    const outcome = await reviewCertification(db, id, verdict);
    if (!outcome.ok) {
      io.err(
        outcome.reason === 'unknown'
          ? `melon: no certification application ${id}`
          : `melon: application ${id} was reviewed already`,
      );
      return 1;
    }
    const { field, state } = outcome.application;
    io.out(`melon: application ${id} (${terminalText(field)}) ${state}`);
    return 0;
  });
}
