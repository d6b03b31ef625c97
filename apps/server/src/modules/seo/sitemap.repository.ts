import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType } from '@melon/db/enums';
import { listedIn } from '../item/item-listing.ts';

/**
 * Items with a page of their own that anyone may find (decision 038): listed on their author's
 * home page (item policy), episodes left out (their page is their album's, `?id=`).
 */
const listedItems = (db: Kysely<Database>) =>
  db
    .selectFrom('items as i')
    .where((eb) => listedIn(eb, 'homepage'))
    .where('i.item_type', '!=', ItemType.Episode);

export async function countSitemapItems(db: Kysely<Database>): Promise<number> {
  const row = await listedItems(db)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One part of the items: `limit` from `offset`, by id (the order of creation). */
export function listSitemapItems(db: Kysely<Database>, offset: number, limit: number) {
  return listedItems(db)
    .select(['i.id', 'i.updated_at'])
    .orderBy('i.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Authors with at least one such item: their home pages. */
const listedAuthors = (db: Kysely<Database>) =>
  db.selectFrom('users as u').where((eb) =>
    eb.exists(
      eb
        .selectFrom('items as i')
        .select('i.id')
        .whereRef('i.user_id', '=', 'u.id')
        .where((items) => listedIn(items, 'homepage')),
    ),
  );

export async function countSitemapAuthors(db: Kysely<Database>): Promise<number> {
  const row = await listedAuthors(db)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listSitemapAuthors(db: Kysely<Database>, offset: number, limit: number) {
  return listedAuthors(db).select('u.id').orderBy('u.id').limit(limit).offset(offset).execute();
}
