import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/** An item's package, preview and derived directories, with what decides whether they are served. */
export function findItemPackage(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('item_media as m')
    .innerJoin('items as i', 'i.id', 'm.item_id')
    .select((eb) => [
      'm.package_dir',
      'm.derived_dir',
      'm.trial_package_dir',
      'm.state as media_state',
      'i.visibility',
      'i.user_id',
      // The episode's access, as findEpisodeAccess reads it (decision 050); null: not an episode.
      eb
        .selectFrom('album_episodes as e')
        .select('e.access')
        .whereRef('e.item_id', '=', 'm.item_id')
        .orderBy('e.album_id')
        .limit(1)
        .as('access'),
    ])
    .where('m.item_id', '=', itemId)
    .executeTakeFirst();
}
