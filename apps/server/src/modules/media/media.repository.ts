import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/** An item's package and derived directories, with what decides whether they are served. */
export function findItemPackage(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('item_media as m')
    .innerJoin('items as i', 'i.id', 'm.item_id')
    .select(['m.package_dir', 'm.derived_dir', 'm.state as media_state', 'i.visibility'])
    .where('m.item_id', '=', itemId)
    .executeTakeFirst();
}
