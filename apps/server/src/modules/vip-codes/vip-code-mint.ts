import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { hashVipCode, newVipCode } from './vip-code-secret.ts';
import { insertVipCodes } from './vip-codes.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
/** Rows per insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 500;

export interface MintRequest {
  count: number;
  /** Membership days each code adds. */
  days: number;
  /** Days from now during which the codes may be redeemed. */
  validDays: number;
  nowMs: number;
}

/**
 * Mints `count` codes (decision 052) in one transaction, so either all of them are stored or
 * none, and answers them in canonical form: the only time they exist outside a hash.
 */
export async function mintVipCodes(
  db: Kysely<Database>,
  request: MintRequest,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<string[]> {
  const codes = Array.from({ length: request.count }, newVipCode);
  const expiresAt = request.nowMs + request.validDays * DAY_MS;
  await inTransaction(db, async (trx) => {
    for (let start = 0; start < codes.length; start += BATCH) {
      const batch = codes.slice(start, start + BATCH);
      await insertVipCodes(
        trx,
        batch.map((code) => ({
          code_hash: hashVipCode(code),
          days: request.days,
          expires_at: expiresAt,
          created_at: request.nowMs,
        })),
      );
      onProgress(start + batch.length, codes.length);
    }
  });
  return codes;
}
