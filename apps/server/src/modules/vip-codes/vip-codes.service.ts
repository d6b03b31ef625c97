import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import type { ExchangeCodeResult } from '@melon/shared/contracts/vip';
import { toSeconds } from '@melon/shared/format/timestamp';
import { normalizeVipCode } from '@melon/shared/vip/vip-code';
import { conflict, invalid } from '../../lib/domain-error.ts';
import { extendMembership } from '../membership/membership.repository.ts';
import { hashVipCode } from './vip-code-secret.ts';
import { vipCodeMessages as t } from './vip-codes.messages.ts';
import { claimVipCode, findVipCode } from './vip-codes.repository.ts';

interface Deps {
  db: Kysely<Database>;
}

/**
 * Redeeming a membership code (decision 052): the claim and the membership it grants are one
 * transaction, so a code is never used without its days being added, nor its days added twice.
 */
export function createVipCodeService({ db }: Deps) {
  /** Why the code could not be claimed, read after the claim failed. */
  async function refusal(codeHash: string, nowMs: number) {
    const row = await findVipCode(db, codeHash);
    if (!row) return invalid(t.unknown, 'code');
    if (row.redeemed_at !== null) return conflict(t.used, 'code');
    return row.expires_at <= nowMs ? conflict(t.expired, 'code') : invalid(t.unknown, 'code');
  }

  return {
    async redeem(userId: string, typed: string, nowMs: number): Promise<ExchangeCodeResult> {
      const code = normalizeVipCode(typed);
      if (code === undefined) throw invalid(t.malformed, 'code');
      const codeHash = hashVipCode(code);
      const granted = await inTransaction(db, async (trx) => {
        const days = await claimVipCode(trx, codeHash, userId, nowMs);
        if (days === undefined) return undefined;
        return { days, expiresAt: await extendMembership(trx, userId, days, nowMs) };
      });
      if (!granted) throw await refusal(codeHash, nowMs);
      return {
        days: granted.days,
        membership: { validity: 1, expires_at: toSeconds(granted.expiresAt) },
      };
    },
  };
}
