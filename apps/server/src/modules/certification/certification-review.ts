import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { lockUser } from '@melon/db/lock-user';
import type { CertificationApplication } from '@melon/shared/contracts/certification';
import { parseUserAuthInfo } from '../../lib/user-auth-info.ts';
import { certificationMessages as t } from './certification.messages.ts';
import {
  findApplication,
  findUserAuthInfo,
  reviewApplication,
  setUserAuthInfo,
} from './certification.repository.ts';
import { reread } from './certification.service.ts';

export type Verdict = { state: 'approved' } | { state: 'rejected'; reason: string };

export type ReviewOutcome =
  | { ok: true; application: CertificationApplication }
  | { ok: false; reason: 'unknown' | 'not_pending' };

/**
 * The operator's verdict on a pending application (decision 046). Approval writes the
 * certification the author page shows (users.user_auth_info, `auth_type` and `auth_info`);
 * a profession's outranks an interest's, so approving an interest keeps a profession shown.
 */
export function reviewCertification(
  db: Kysely<Database>,
  id: string,
  verdict: Verdict,
): Promise<ReviewOutcome> {
  return inTransaction(db, async (trx): Promise<ReviewOutcome> => {
    const row = await findApplication(trx, id);
    if (!row) return { ok: false, reason: 'unknown' };
    await lockUser(trx, row.user_id);
    const reason = verdict.state === 'rejected' ? verdict.reason : null;
    if (!(await reviewApplication(trx, id, { state: verdict.state, reason }, Date.now()))) {
      return { ok: false, reason: 'not_pending' };
    }
    if (verdict.state === 'approved') {
      const stored = await findUserAuthInfo(trx, row.user_id);
      const shown = parseUserAuthInfo(stored?.user_auth_info ?? null);
      if (!(row.kind === 'interest' && shown?.auth_type === 'profession')) {
        const title = row.kind === 'interest' ? t.interestTitle(row.field) : row.field;
        await setUserAuthInfo(
          trx,
          row.user_id,
          JSON.stringify({ auth_type: row.kind, auth_info: title }),
        );
      }
    }
    return { ok: true, application: await reread(trx, id) };
  });
}
