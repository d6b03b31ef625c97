import type { Kysely, Selectable } from 'kysely';
import type { Database } from '@melon/db/database';
import type { PaySandboxTradesTable } from '@melon/db/tables/pay';

/*
 * The sandbox gateways' trades (decision 048), one per provider and merchant order: what the
 * cashier shows, where the notify goes, and whether the buyer paid.
 */

export type SandboxTrade = Selectable<PaySandboxTradesTable>;

/** Opens a trade for a merchant order; a second request for the same order keeps the first. */
export async function openTrade(db: Kysely<Database>, trade: SandboxTrade): Promise<SandboxTrade> {
  await db
    .insertInto('pay_sandbox_trades')
    .values(trade)
    .onConflict((conflict) => conflict.columns(['provider', 'out_trade_no']).doNothing())
    .execute();
  const kept = await findTrade(db, trade.provider, trade.out_trade_no);
  if (!kept) throw new Error(`sandbox trade ${trade.out_trade_no} was not stored`);
  return kept;
}

export function findTrade(db: Kysely<Database>, provider: string, outTradeNo: string) {
  return db
    .selectFrom('pay_sandbox_trades')
    .selectAll()
    .where('provider', '=', provider)
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirst();
}

/** waiting → paid while still payable; the paid trade, or undefined when it was not waiting. */
export async function payTrade(
  db: Kysely<Database>,
  provider: string,
  outTradeNo: string,
  now: number,
): Promise<SandboxTrade | undefined> {
  const result = await db
    .updateTable('pay_sandbox_trades')
    .set({ state: 'paid', paid_at: now })
    .where('provider', '=', provider)
    .where('out_trade_no', '=', outTradeNo)
    .where('state', '=', 'waiting')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return undefined;
  return findTrade(db, provider, outTradeNo);
}
