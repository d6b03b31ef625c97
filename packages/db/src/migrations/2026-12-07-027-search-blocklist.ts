import type { Kysely } from 'kysely';

/*
 * Hot words that scripts cannot set (decision 065). Frozen: change the schema in a new migration.
 *
 * - `search_log.address`: the searcher's address (IPv6 by /64) the hot list caps each address's
 *   weight by. Rows kept before this migration have '' and so count as one address together:
 *   what a script pushed up before the upgrade drops out of the hot list at once.
 * - `search_blocklist`: the words operators keep out of the hot list and the search box's
 *   placeholder (`melon search block add|remove|list`), in their compared form (NFKC, lower
 *   case, simplified characters, no spaces), which is the key.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('search_log')
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('search_blocklist')
    .addColumn('word', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_blocklist').execute();
  await db.schema.alterTable('search_log').dropColumn('address').execute();
}
