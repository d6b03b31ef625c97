import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { normalizeVipCode } from '@melon/shared/vip/vip-code';
import { hashVipCode } from '../modules/vip-codes/vip-code-secret.ts';
import { runCliCommand } from '../testing/cli-command.ts';
import { runVipCodes } from './vip-codes.ts';

const DAY = 24 * 3600 * 1000;
let database: OpenedDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const run = (args: string[]) => runCliCommand(runVipCodes, database.db, args);

describe('melon vip codes', () => {
  it('prints readable codes and stores their hashes with days and expiry', async () => {
    const before = Date.now();
    const { code, out, err } = await run(['--days', '31', '--count', '3', '--valid-days', '7']);
    expect(code).toBe(0);
    expect(out).toHaveLength(3);
    expect(new Set(out).size).toBe(3);
    for (const line of out) expect(line).toMatch(/^([2-9A-HJKMNP-Z]{4}-){3}[2-9A-HJKMNP-Z]{4}$/);
    expect(err).toEqual(['melon: 3 codes of 31 days, redeemable for 7 days']);
    const hashes = out.map((line) => hashVipCode(normalizeVipCode(line) ?? ''));
    const rows = await database.db
      .selectFrom('vip_codes')
      .selectAll()
      .where('code_hash', 'in', hashes)
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ days: 31, redeemed_by: null, redeemed_at: null });
      expect(row.expires_at).toBeGreaterThanOrEqual(before + 7 * DAY);
      expect(row.expires_at).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    }
  });

  it('redeemable for a year unless told, with progress on stderr for many codes', async () => {
    const before = Date.now();
    const { code, out, err } = await run(['--count', '1200', '--days', '30']);
    expect(code).toBe(0);
    expect(out).toHaveLength(1200);
    expect(err).toEqual([
      expect.stringMatching(/^\[#+-+\] {2}42% 500\/1200$/),
      expect.stringMatching(/^\[#+-+\] {2}83% 1000\/1200$/),
      expect.stringMatching(/^\[#+\] 100% 1200\/1200$/),
      'melon: 1200 codes of 30 days, redeemable for 365 days',
    ]);
    const hash = hashVipCode(normalizeVipCode(out[0] ?? '') ?? '');
    const row = await database.db
      .selectFrom('vip_codes')
      .select('expires_at')
      .where('code_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBeGreaterThanOrEqual(before + 365 * DAY);
  });

  it.each([
    [[]],
    [['--count', '3']],
    [['--days', '30']],
    [['--count', '0', '--days', '30']],
    [['--count', '100001', '--days', '30']],
    [['--count', '2', '--days', '3651']],
    [['--count', '2', '--days', '1.5']],
    [['--count', '2', '--days', '30', '--valid-days', '0']],
    [['--count', '2', '--days', '30', '--price', '5']],
    [['--count', '2', '--days', '30', '--count', '3']],
    [['--count', '2', '--days']],
  ])('refuses the usage %j and mints nothing', async (args) => {
    const count = async () =>
      (
        await database.db
          .selectFrom('vip_codes')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const { code, out, err } = await run(args);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err[0]).toMatch(/^usage: melon vip codes/);
    expect(Number(await count())).toBe(before);
  });
});
