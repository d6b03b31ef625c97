import type { TortReport } from '@melon/shared/contracts/tort';
import { toSeconds } from '@melon/shared/format/timestamp';
import { proofUrl } from './tort-proof.service.ts';
import type { ClaimRow } from './tort.repository.ts';

/** One claim as its claimant sees it (the contact details stay with the operator). */
export function presentClaim(
  row: ClaimRow,
  items: readonly { item_id: string; title: string }[],
  proofUris: readonly string[],
): TortReport {
  return {
    id: row.id,
    state: row.state,
    claimant_kind: row.claimant_kind,
    claimant_name: row.claimant_name,
    right: row.right_kind,
    items: items.map((item) => ({ group_id: item.item_id, title: item.title })),
    description: row.description,
    proof_urls: proofUris.map(proofUrl),
    taken_down: row.taken_down === 1,
    decision_note: row.decision_note,
    created_at: toSeconds(row.created_at),
    decided_at: row.decided_at === null ? 0 : toSeconds(row.decided_at),
  };
}
