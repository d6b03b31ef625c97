import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/** Records a visitor's web id on first sight and answers whether it is qualified yet. */
export async function touchWebIdentity(
  db: Kysely<Database>,
  webId: string,
  now: number,
): Promise<{ qualified: boolean }> {
  await db
    .insertInto('web_identities')
    .values({ web_id: webId, created_at: now, last_seen_at: now, qualified: 0 })
    .onConflict((oc) => oc.column('web_id').doUpdateSet({ last_seen_at: now }))
    .execute();
  const row = await db
    .selectFrom('web_identities')
    .select('qualified')
    .where('web_id', '=', webId)
    .executeTakeFirstOrThrow();
  return { qualified: row.qualified === 1 };
}

/** Marks a web id qualified; true when this call is what qualified it. */
export async function qualifyWebIdentity(
  db: Kysely<Database>,
  webId: string,
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('web_identities')
    .values({ web_id: webId, created_at: now, last_seen_at: now, qualified: 1 })
    .onConflict((oc) => oc.column('web_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const updated = await db
    .updateTable('web_identities')
    .set({ qualified: 1, last_seen_at: now })
    .where('web_id', '=', webId)
    .where('qualified', '=', 0)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
