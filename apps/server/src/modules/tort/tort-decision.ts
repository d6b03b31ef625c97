import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@melon/db/database';
import { isDeleted } from '../item/item.policy.ts';
import { findItem } from '../item/item.repository.ts';
import { indexItem } from '../search-index/search-index.service.ts';
import { markDeleted } from '../studio/studio.repository.ts';
import { type ClaimWithParts, withParts } from './tort-claims.ts';
import { decideClaim, findClaim } from './tort.repository.ts';

/** What the operator decides: accepted (its videos taken down or not), or rejected. */
export type TortVerdict =
  { state: 'accepted'; takeDown: boolean; note: string } | { state: 'rejected'; note: string };

export type TortDecisionOutcome =
  | { ok: true; claim: ClaimWithParts; takenDown: string[] }
  | { ok: false; reason: 'unknown' | 'decided' };

/** Why a taken-down video that was still processing failed (the studio shows it). */
const TAKE_DOWN_MESSAGE = '因侵权投诉成立已下架';

/**
 * Takes the videos down: deleted for everyone (level 10, the studio's delete), their author's
 * count and the search index with them. Answers the ids that were still up.
 */
async function takeDown(trx: Transaction<Database>, itemIds: readonly string[], now: number) {
  const taken: string[] = [];
  for (const itemId of itemIds) {
    const item = await findItem(trx, itemId);
    if (!item || isDeleted(item)) continue;
    if (await markDeleted(trx, item, TAKE_DOWN_MESSAGE, now)) taken.push(item.id);
  }
  // indexItem drops a deleted item from the index.
  if (taken.length > 0) await indexItem(trx, taken);
  return taken;
}

/**
 * The operator's decision on a pending claim (decision 055), once: the state, the note the
 * claimant reads, and for an accepted claim with take-down its videos deleted — all in one
 * transaction. The files stay in storage (no one is served them: `canServeFiles`), for an appeal.
 */
export function decideTortClaim(
  db: Kysely<Database>,
  id: string,
  verdict: TortVerdict,
): Promise<TortDecisionOutcome> {
  return db.transaction().execute(async (trx): Promise<TortDecisionOutcome> => {
    const row = await findClaim(trx, id);
    if (!row) return { ok: false, reason: 'unknown' };
    const now = Date.now();
    const takesDown = verdict.state === 'accepted' && verdict.takeDown;
    const decided = await decideClaim(trx, id, {
      state: verdict.state,
      takenDown: takesDown,
      note: verdict.note,
      now,
    });
    if (!decided) return { ok: false, reason: 'decided' };
    const fresh = await findClaim(trx, id);
    const [claim] = await withParts(trx, fresh ? [fresh] : []);
    if (!claim) throw new Error(`claim ${id} vanished`);
    const itemIds = claim.items.map((item) => item.item_id);
    const takenDown = takesDown ? await takeDown(trx, itemIds, now) : [];
    return { ok: true, claim, takenDown };
  });
}
