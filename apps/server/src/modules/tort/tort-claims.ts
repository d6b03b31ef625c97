import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ClaimRow } from './tort.repository.ts';
import { listClaimItems, listClaimProofs } from './tort.repository.ts';

/** A claim with the videos it names and its proof pictures' uris. */
export interface ClaimWithParts {
  row: ClaimRow;
  items: { item_id: string; title: string }[];
  proofUris: string[];
}

/** The claims' videos and proofs, read in two queries; the claims keep their order. */
export async function withParts(
  db: Kysely<Database>,
  rows: readonly ClaimRow[],
): Promise<ClaimWithParts[]> {
  const ids = rows.map((row) => row.id);
  const [items, proofs] = await Promise.all([listClaimItems(db, ids), listClaimProofs(db, ids)]);
  return rows.map((row) => ({
    row,
    items: items.filter((item) => item.report_id === row.id),
    proofUris: proofs.filter((proof) => proof.report_id === row.id).map((p) => p.image_uri),
  }));
}
