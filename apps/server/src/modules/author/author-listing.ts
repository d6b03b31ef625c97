import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '@melon/db/database';
import { Visibility } from '@melon/db/enums';
import { LISTED_IN, type ListingPlace, type ViewerId } from '../item/item.policy.ts';
import { listedIn } from '../item/item.repository.ts';

type ItemsBuilder = ExpressionBuilder<Database & { i: Database['items'] }, 'i'>;

/**
 * The items of `items as i` a list shows the viewer, as `canView` decides for one: their own
 * items unless deleted (their hidden ones marked), anyone else's when the item policy lists
 * them in `place`.
 */
export function seenBy(
  eb: ItemsBuilder,
  viewerId: ViewerId,
  place: ListingPlace,
): Expression<SqlBool> {
  if (viewerId === null) return listedIn(eb, place);
  return eb.and([
    eb('i.visibility', '!=', Visibility.Delete),
    eb.or([eb('i.user_id', '=', viewerId), listedIn(eb, place)]),
  ]);
}

/** Whether a list marks the item 仅自己可见: nobody but its author sees it listed. */
export const isSelfOnly = (visibility: Visibility): boolean =>
  !LISTED_IN.homepage.includes(visibility);
