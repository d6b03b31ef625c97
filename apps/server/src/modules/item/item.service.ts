import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { canView, type ViewerId } from './item.policy.ts';
import { findItem, type ItemRow } from './item.repository.ts';

/**
 * The item when the viewer may see it, undefined when it does not exist or is hidden from
 * them: a caller cannot tell the two apart, so it answers both with its "not found".
 */
export async function findViewableItem(
  db: Kysely<Database>,
  itemId: string,
  viewerId: ViewerId,
): Promise<ItemRow | undefined> {
  const item = await findItem(db, itemId);
  return item && canView(item, viewerId) ? item : undefined;
}
