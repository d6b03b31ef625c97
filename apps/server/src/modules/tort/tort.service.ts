import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import {
  TORT_DESCRIPTION_MIN_LENGTH,
  type TortItems,
  type TortReport,
  type TortReportBody,
  type TortReportFiled,
  type TortReportList,
} from '@melon/shared/contracts/tort';
import { invalid } from '../../lib/domain-error.ts';
import { withParts } from './tort-claims.ts';
import { findOwnProof } from './tort-proof.service.ts';
import { claimedItems, resolveLines } from './tort-lines.ts';
import { tortMessages as t } from './tort.messages.ts';
import { presentClaim } from './tort.presenter.ts';
import {
  type ClaimRow,
  findClaimBySubmit,
  insertClaimOnce,
  listClaimsOf,
} from './tort.repository.ts';

type Db = Kysely<Database>;

/** The claimant's name, trimmed; an empty one is refused. */
function checkedName(body: TortReportBody): string {
  const name = body.claimant_name.trim();
  if (name === '') throw invalid(t.nameMissing, 'claimant_name');
  return name;
}

/** The description, trimmed; a short one says too little to act on. */
function checkedDescription(body: TortReportBody): string {
  const description = body.description.trim();
  if (description.length < TORT_DESCRIPTION_MIN_LENGTH) {
    throw invalid(t.descriptionShort, 'description');
  }
  return description;
}

/** The proof pictures' uris, each a private proof the claimant uploaded, once each in order. */
async function checkedProofs(db: Db, uris: readonly string[], claimantId: string) {
  if (uris.length === 0) throw invalid(t.proofsMissing, 'proof_images');
  const unique = [...new Set(uris)];
  for (const uri of unique) {
    if (!(await findOwnProof(db, uri, claimantId))) {
      throw invalid(t.proofInvalid, 'proof_images');
    }
  }
  return unique;
}

async function present(db: Db, row: ClaimRow): Promise<TortReport> {
  const [claim] = await withParts(db, [row]);
  if (!claim) throw new Error(`claim ${row.id} vanished`);
  return presentClaim(claim.row, claim.items, claim.proofUris);
}

export function createTortService({ db, newId }: { db: Db; newId: () => string }) {
  /** The claim this submit filed before, if it did. */
  const filedBefore = async (claimantId: string, submitId: string) => {
    const row = await findClaimBySubmit(db, claimantId, submitId);
    return row && { report: await present(db, row), already_filed: true };
  };

  return {
    /** The links box, line by line, as the claimant may name its videos. */
    async resolve(claimantId: string, links: string): Promise<TortItems> {
      return { lines: await resolveLines(db, links, claimantId) };
    },

    /**
     * Files a claim once per submit: a repeat (a double click, a retry after a lost answer)
     * answers the claim filed first with `already_filed`, and stores nothing.
     */
    async file(claimantId: string, body: TortReportBody): Promise<TortReportFiled> {
      const before = await filedBefore(claimantId, body.submit_id);
      if (before) return before;
      // In the form's order, so the first refusal is the first field to fix.
      const name = checkedName(body);
      const items = await claimedItems(db, body.links, claimantId);
      const description = checkedDescription(body);
      const proofUris = await checkedProofs(db, body.proof_images, claimantId);
      const id = newId();
      const stored = await inTransaction(db, (trx) =>
        insertClaimOnce(trx, {
          report: {
            id,
            claimant_id: claimantId,
            submit_id: body.submit_id,
            claimant_kind: body.claimant_kind,
            claimant_name: name,
            mobile: body.mobile,
            email: body.email,
            right_kind: body.right,
            description,
            created_at: Date.now(),
            decided_at: null,
          },
          items,
          proofUris,
        }),
      );
      if (!stored) {
        const raced = await filedBefore(claimantId, body.submit_id);
        if (raced) return raced;
        throw new Error(`claim of submit ${body.submit_id} neither stored nor found`);
      }
      const row = await findClaimBySubmit(db, claimantId, body.submit_id);
      if (!row) throw new Error(`claim ${id} vanished`);
      return { report: await present(db, row), already_filed: false };
    },

    /** The claimant's claims, newest first, with their state. */
    async mine(claimantId: string): Promise<TortReportList> {
      const claims = await withParts(db, await listClaimsOf(db, claimantId));
      return {
        list: claims.map((claim) => presentClaim(claim.row, claim.items, claim.proofUris)),
      };
    },
  };
}
