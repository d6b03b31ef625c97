import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledQuery, type Params } from './compiled-query.ts';
import type { OpenedDatabase } from './open-database.ts';
import { createTestDatabase } from './testing.ts';

const NOW = 1_795_000_000_000;
const ALICE = { id: '7300000000000000001', name: '爱丽丝', followers_count: 3 };
const BOB = { id: '7300000000000000002', name: '鲍勃', followers_count: 0 };
const CAROL = { id: '7300000000000000003', name: '卡罗尔', followers_count: 7 };
const USERS = [ALICE, BOB, CAROL];

describe('compiledQuery', () => {
  let opened: OpenedDatabase;

  beforeAll(async () => {
    opened = await createTestDatabase();
    await opened.db
      .insertInto('users')
      .values(USERS.map((user) => ({ ...user, created_at: NOW })))
      .execute();
  });

  afterAll(async () => {
    await opened.close();
  });

  it('runs one compile with each run’s values, and keeps the query’s own constants', async () => {
    let builds = 0;
    const followedBy = compiledQuery((db, p: Params<{ least: number; limit: number }>) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('followers_count', '>=', p.least)
        .where('name', '!=', '无名')
        .orderBy('id')
        .limit(p.limit);
    });
    const names = async (least: number, limit: number) =>
      (await followedBy.execute(opened.db, { least, limit })).map((row) => row.name);
    expect(await names(1, 10)).toEqual(['爱丽丝', '卡罗尔']);
    expect(await names(5, 10)).toEqual(['卡罗尔']);
    expect(await names(0, 1)).toEqual(['爱丽丝']);
    expect(builds).toBe(1);
  });

  it('compiles a list once per length, each entry bound in its place', async () => {
    let builds = 0;
    const named = compiledQuery((db, p: Params<{ ids: string[] }>) => {
      builds += 1;
      return db.selectFrom('users').select('name').where('id', 'in', p.ids).orderBy('id');
    });
    const names = async (ids: string[]) =>
      (await named.execute(opened.db, { ids })).map((row) => row.name);
    expect(await names([CAROL.id, ALICE.id])).toEqual(['爱丽丝', '卡罗尔']);
    expect(await names([BOB.id, CAROL.id])).toEqual(['鲍勃', '卡罗尔']);
    expect(await names([BOB.id])).toEqual(['鲍勃']);
    expect(builds).toBe(2);
  });

  it('binds a value used twice, a null and a value in raw SQL', async () => {
    const query = compiledQuery((db, p: Params<{ id: string; none: string | null }>) =>
      db
        .selectFrom('users')
        .select([sql<string>`${p.id}`.as('asked'), 'name'])
        .where((eb) => eb.or([eb('id', '=', p.id), eb('user_auth_info', '=', p.none)])),
    );
    expect(await query.executeTakeFirst(opened.db, { id: BOB.id, none: null })).toEqual({
      asked: BOB.id,
      name: '鲍勃',
    });
    expect(await query.executeTakeFirst(opened.db, { id: '1', none: null })).toBeUndefined();
  });

  it('writes inside a transaction with the same compile, and reports the changed rows', async () => {
    const rename = compiledQuery((db, p: Params<{ id: string; name: string }>) =>
      db.updateTable('users').set({ name: p.name }).where('id', '=', p.id),
    );
    await opened.db.transaction().execute(async (trx) => {
      const result = await rename.run(trx, { id: ALICE.id, name: '爱丽丝二世' });
      expect(Number(result.numAffectedRows)).toBe(1);
    });
    const none = await rename.run(opened.db, { id: '1', name: '谁' });
    expect(Number(none.numAffectedRows)).toBe(0);
    const row = await opened.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', ALICE.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('爱丽丝二世');
    await rename.run(opened.db, { id: ALICE.id, name: ALICE.name });
  });

  it('refuses a placeholder that never reaches the SQL as a bound value', async () => {
    const branching = compiledQuery((db, p: Params<{ id: string; unused: string }>) =>
      db.selectFrom('users').select('name').where('id', '=', p.id),
    );
    await expect(branching.execute(opened.db, { id: ALICE.id, unused: 'x' })).rejects.toThrow(
      'parameter unused is not a bound value',
    );
  });

  it('refuses a run that leaves a parameter out', async () => {
    const byId = compiledQuery((db, p: Params<{ id: string }>) =>
      db.selectFrom('users').select('name').where('id', '=', p.id),
    );
    expect(await byId.executeTakeFirst(opened.db, { id: BOB.id })).toEqual({ name: '鲍勃' });
    await expect(byId.execute(opened.db, {} as { id: string })).rejects.toThrow(
      'a parameter is missing',
    );
  });
});
