import type { Insertable, Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { TortReportsTable } from '@melon/db/tables/tort';
import { TORT_LIST_MAX_COUNT, type TortState } from '@melon/shared/contracts/tort';

type Db = Kysely<Database>;

/** The claim columns a claimant or the operator reads. */
const reportColumns = [
  'id',
  'claimant_id',
  'claimant_kind',
  'claimant_name',
  'mobile',
  'email',
  'right_kind',
  'description',
  'state',
  'taken_down',
  'decision_note',
  'created_at',
  'decided_at',
] as const;

/** What a resolved link shows: the item's title, author and cover. */
export function findItemCards(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('items as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.title', 'i.cover_large_uri', 'i.cover_middle_uri', 'u.name as author_name'])
    .where('i.id', 'in', ids)
    .execute();
}
export type ItemCardRow = Awaited<ReturnType<typeof findItemCards>>[number];

export interface NewClaim {
  report: Insertable<TortReportsTable>;
  items: readonly { id: string; title: string }[];
  proofUris: readonly string[];
}

/**
 * Stores the claim with its videos and proofs unless the claimant already filed this submit:
 * the unique key decides, so two submits at the same moment store one claim. Run it in a
 * transaction. Answers whether this one was stored.
 */
export async function insertClaimOnce(db: Db, claim: NewClaim): Promise<boolean> {
  const result = await db
    .insertInto('tort_reports')
    .values(claim.report)
    .onConflict((conflict) => conflict.columns(['claimant_id', 'submit_id']).doNothing())
    .executeTakeFirst();
  if (result.numInsertedOrUpdatedRows !== 1n) return false;
  const reportId = claim.report.id;
  await db
    .insertInto('tort_report_items')
    .values(
      claim.items.map((item, position) => ({
        report_id: reportId,
        item_id: item.id,
        position,
        title: item.title,
      })),
    )
    .execute();
  if (claim.proofUris.length > 0) {
    await db
      .insertInto('tort_report_proofs')
      .values(
        claim.proofUris.map((uri, position) => ({ report_id: reportId, position, image_uri: uri })),
      )
      .execute();
  }
  return true;
}

export function findClaimBySubmit(db: Db, claimantId: string, submitId: string) {
  return db
    .selectFrom('tort_reports')
    .select(reportColumns)
    .where('claimant_id', '=', claimantId)
    .where('submit_id', '=', submitId)
    .executeTakeFirst();
}

export function findClaim(db: Db, id: string) {
  return db
    .selectFrom('tort_reports')
    .select(reportColumns)
    .where('id', '=', id)
    .executeTakeFirst();
}
export type ClaimRow = NonNullable<Awaited<ReturnType<typeof findClaim>>>;

/** The claimant's newest claims. */
export function listClaimsOf(db: Db, claimantId: string): Promise<ClaimRow[]> {
  return db
    .selectFrom('tort_reports')
    .select(reportColumns)
    .where('claimant_id', '=', claimantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TORT_LIST_MAX_COUNT)
    .execute();
}

/** Claims in one state (every state when undefined), oldest first: the operator's queue. */
export function listClaimsIn(db: Db, state: TortState | undefined): Promise<ClaimRow[]> {
  let query = db.selectFrom('tort_reports').select(reportColumns);
  if (state !== undefined) query = query.where('state', '=', state);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** The videos the claims name, in each claim's order. */
export function listClaimItems(db: Db, reportIds: readonly string[]) {
  if (reportIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tort_report_items')
    .select(['report_id', 'item_id', 'title'])
    .where('report_id', 'in', reportIds)
    .orderBy('report_id')
    .orderBy('position')
    .execute();
}

/** The proof pictures of the claims, in each claim's order. */
export function listClaimProofs(db: Db, reportIds: readonly string[]) {
  if (reportIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tort_report_proofs')
    .select(['report_id', 'image_uri'])
    .where('report_id', 'in', reportIds)
    .orderBy('report_id')
    .orderBy('position')
    .execute();
}

export interface ClaimDecision {
  state: 'accepted' | 'rejected';
  takenDown: boolean;
  note: string;
  now: number;
}

/** Decides a pending claim; false when it was decided already (of two deciders one wins). */
export async function decideClaim(db: Db, id: string, decision: ClaimDecision): Promise<boolean> {
  const result = await db
    .updateTable('tort_reports')
    .set({
      state: decision.state,
      taken_down: decision.takenDown ? 1 : 0,
      decision_note: decision.note,
      decided_at: decision.now,
    })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
