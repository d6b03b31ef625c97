import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { extendMembership, findMembership } from '../modules/membership/membership.repository.ts';
import { createUser } from '../testing/factories.ts';
import { runCliCommand } from '../testing/cli-command.ts';
import { runPayRefund } from './pay-refund.ts';

const DAY = 24 * 3600 * 1000;
const newId = createIdGenerator();
let database: OpenedDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const run = (args: string[]) => runCliCommand(runPayRefund, database.db, args);

/** A granted 31-day order of a user whose membership it made. */
async function grantedOrder() {
  const now = Date.now();
  const userId = await createUser(database.db, newId);
  const id = newId();
  await database.db
    .insertInto('pay_orders')
    .values({
      id,
      user_id: userId,
      kind: 'vip',
      product_id: 'vip_month',
      days: 31,
      item_id: null,
      title: '月度会员',
      amount_fen: 2500,
      currency: 'CNY',
      provider: 'alipay',
      state: 'granted',
      provider_trade_no: '2026112622000000000001',
      late: 0,
      created_at: now,
      expires_at: now + 900_000,
      paid_at: now,
      granted_at: now,
      refunded_at: null,
      updated_at: now,
    })
    .execute();
  await extendMembership(database.db, userId, 31, now);
  return { id, userId };
}

describe('melon pay refund', () => {
  it('refunds a granted order and takes its days back; a second refund is refused', async () => {
    const { id, userId } = await grantedOrder();
    const { code, out } = await run([id]);
    expect(code).toBe(0);
    expect(out).toEqual([
      `melon: order ${id} refunded; 31 membership days taken back from user ${userId}`,
    ]);
    expect((await findMembership(database.db, userId))?.expires_at).toBeLessThanOrEqual(
      Date.now() + DAY,
    );
    const again = await run([id]);
    expect(again.code).toBe(1);
    expect(again.err).toEqual([`melon: order ${id}: 该订单不能退款`]);
  });

  it('answers an unknown order 1 and a bad usage 2', async () => {
    expect((await run(['7000000000000000009'])).code).toBe(1);
    expect((await run([])).code).toBe(2);
    expect((await run(['abc'])).code).toBe(2);
    expect((await run(['1', '2'])).code).toBe(2);
  });
});
