import type { Kysely } from 'kysely';

/*
 * The cinema's filter page (issue 15, decision 047). The carousel and the entry tiles are
 * derived from the listed albums, so the cinema needs no table of its own. What it needs is this index: the filter page narrows by category
 * and region far more often than by year alone, and with `albums_filter_idx` (type, year, area)
 * a region without a year read every album of the category. Measured on 20 000 albums
 * (bench/cinema): the query plan then seeks type, region and the year range in one index.
 *
 * Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('albums_region_idx')
    .on('albums')
    .columns(['album_type', 'area', 'year'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('albums_region_idx').execute();
}
