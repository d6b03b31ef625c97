import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { DomainError } from '../lib/domain-error.ts';
import { refundOrder } from '../modules/pay/pay.orders.ts';
import { withCliDatabase } from './cli-database.ts';

export interface PayRefundIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A database to use instead of the settings' (tests). */
  db?: Kysely<Database>;
}

const USAGE = 'usage: melon pay refund <order_id>';

/**
 * `melon pay refund <order_id>` (decision 048): marks a paid or granted order refunded and takes
 * back what it granted (the membership's days, the bought episode). The money itself goes back
 * through the provider's merchant console. Exit code: 0 refunded, 1 unknown or not refundable
 * (or a bad setting), 2 bad usage.
 */
export async function runPayRefund(
  args: readonly string[],
  io: PayRefundIo = { out: console.log, err: console.error },
): Promise<number> {
  const [orderId, ...extra] = args;
  if (orderId === undefined || extra.length > 0 || !/^[1-9]\d{0,25}$/.test(orderId)) {
    io.err(USAGE);
    return 2;
  }
  return withCliDatabase(io, async (db) => {
    try {
      const order = await refundOrder({ db, now: Date.now }, orderId);
      const taken = order.kind === 'vip' ? `${order.days ?? 0} membership days` : 'the episode';
      io.out(`melon: order ${order.id} refunded; ${taken} taken back from user ${order.user_id}`);
      return 0;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      io.err(`melon: order ${orderId}: ${error.message}`);
      return 1;
    }
  });
}
