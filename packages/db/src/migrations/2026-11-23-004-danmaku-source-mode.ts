import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Danmaku: what an import or a sticker needs besides the 2026-11-22-003 columns. Frozen:
 * change the schema in a new migration.
 *
 * - `source_mode` is bilibili's mode 1–9 of an imported danmaku, so an export writes back what
 *   was imported (modes 2, 3 and 7–9 are shown as scroll or top text but not forgotten); null
 *   for danmaku sent on Melon.
 * - `sticker_id` marks a sticker danmaku (one of the built-in stickers); its text is the
 *   sticker's name in brackets, so every reader that only knows text still shows something.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('danmaku')
    .addColumn('source_mode', 'integer', (c) => c.check(sql`source_mode between 1 and 9`))
    .execute();
  await db.schema.alterTable('danmaku').addColumn('sticker_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('danmaku').dropColumn('sticker_id').execute();
  await db.schema.alterTable('danmaku').dropColumn('source_mode').execute();
}
