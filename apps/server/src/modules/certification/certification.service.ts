import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { lockUser } from '@melon/db/lock-user';
import type {
  ApplyCertificationBody,
  CertificationApplication,
  CertificationStatus,
} from '@melon/shared/contracts/certification';
import { toSeconds } from '@melon/shared/format/timestamp';
import { conflict, invalid } from '../../lib/domain-error.ts';
import { parseUserAuthInfo } from '../../lib/user-auth-info.ts';
import { certificationMessages as t } from './certification.messages.ts';
import {
  type ApplicationRow,
  findApplication,
  findUserAuthInfo,
  insertApplication,
  newestApplications,
} from './certification.repository.ts';

type Db = Kysely<Database>;

function present(row: ApplicationRow): CertificationApplication {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    field: row.field,
    real_name: row.real_name ?? '',
    proof: row.proof ?? '',
    works: row.works === '' ? [] : row.works.split('\n'),
    reason: row.reason ?? '',
    create_time: toSeconds(row.created_at),
    review_time: row.reviewed_at === null ? 0 : toSeconds(row.reviewed_at),
  };
}

/** The fields the kind asks for, trimmed; a missing one is a 400 naming it. */
function checked(body: ApplyCertificationBody) {
  const field = body.field.trim();
  if (field === '') throw invalid(t.emptyField, 'field');
  const works = body.works ?? [];
  if (body.kind === 'interest') {
    if (works.length === 0) throw invalid(t.needWorks, 'works');
    return { field, works, realName: null, proof: null };
  }
  const realName = body.real_name?.trim() ?? '';
  if (realName === '') throw invalid(t.needRealName, 'real_name');
  const proof = body.proof?.trim() ?? '';
  if (proof === '') throw invalid(t.needProof, 'proof');
  return { field, works, realName, proof };
}

const presentNewest = (row: ApplicationRow | undefined) => (row ? present(row) : null);

/** The application as now stored, inside the transaction that wrote it. */
export async function reread(trx: Db, id: string): Promise<CertificationApplication> {
  const row = await findApplication(trx, id);
  if (!row) throw new Error(`certification application ${id} vanished`);
  return present(row);
}

/**
 * Creator certification (decision 046): one pending application per user and kind (the
 * transaction holds the user's row, so two submissions cannot both pass the check), a new one
 * after a rejection, none once approved. The operator's verdict is certification-review.ts.
 */
export function createCertificationService({ db, newId }: { db: Db; newId: () => string }) {
  return {
    async status(userId: string): Promise<CertificationStatus> {
      const [newest, user] = await Promise.all([
        newestApplications(db, userId),
        findUserAuthInfo(db, userId),
      ]);
      return {
        interest: presentNewest(newest.interest),
        profession: presentNewest(newest.profession),
        user_auth_info: parseUserAuthInfo(user?.user_auth_info ?? null),
      };
    },

    async apply(userId: string, body: ApplyCertificationBody): Promise<CertificationApplication> {
      const fields = checked(body);
      const id = newId();
      return inTransaction(db, async (trx) => {
        await lockUser(trx, userId);
        const newest = (await newestApplications(trx, userId))[body.kind];
        if (newest?.state === 'pending') throw conflict(t.pending, 'kind');
        if (newest?.state === 'approved') throw conflict(t.approved, 'kind');
        await insertApplication(trx, { id, userId, kind: body.kind, ...fields }, Date.now());
        return reread(trx, id);
      });
    },
  };
}
