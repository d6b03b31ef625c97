import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '@melon/db/database';
import { Visibility } from '@melon/db/enums';
import { HIDDEN_MEDIA_STATES, LISTED_IN, type ListingPlace, type ViewerId } from './item.policy.ts';

/*
 * The item policy's rules for lists, as filters of a query over `items as i`: what `canView`
 * decides for one item, said once in SQL for many.
 */

type ItemsBuilder = ExpressionBuilder<Database & { i: Database['items'] }, 'i'>;

/** Keeps the items not deleted: a deleted item is in no list, its author's own neither. */
export const notDeleted = (eb: ItemsBuilder): Expression<SqlBool> =>
  eb('i.visibility', '!=', Visibility.Delete);

/**
 * Keeps the items listed in `place` for everyone: a level listed there (`LISTED_IN`) and no
 * media row in a hidden state.
 */
export function listedIn(eb: ItemsBuilder, place: ListingPlace): Expression<SqlBool> {
  return eb.and([
    eb('i.visibility', 'in', LISTED_IN[place]),
    eb.not(
      eb.exists(
        eb
          .selectFrom('item_media as m')
          .select('m.item_id')
          .whereRef('m.item_id', '=', 'i.id')
          .where('m.state', 'in', HIDDEN_MEDIA_STATES),
      ),
    ),
  ]);
}

/**
 * Keeps the items a list in `place` shows the viewer: their own items unless deleted (their
 * hidden ones marked `isSelfOnly`), anyone else's when listed there for everyone.
 */
export function seenBy(
  eb: ItemsBuilder,
  viewerId: ViewerId,
  place: ListingPlace,
): Expression<SqlBool> {
  if (viewerId === null) return listedIn(eb, place);
  return eb.and([notDeleted(eb), eb.or([eb('i.user_id', '=', viewerId), listedIn(eb, place)])]);
}

/**
 * The items a list in `place` shows the viewer (null: what everyone sees), with their channel
 * as `c` and their author as `u`: the start of a list query, to select from and narrow.
 */
export function listableItems(db: Kysely<Database>, viewerId: ViewerId, place: ListingPlace) {
  return db
    .selectFrom('items as i')
    .innerJoin('channels as c', 'c.id', 'i.channel_id')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .where((eb) => seenBy(eb, viewerId, place));
}

/** Whether a list marks the item 仅自己可见: nobody but its author sees it listed. */
export const isSelfOnly = (visibility: Visibility): boolean =>
  !LISTED_IN.homepage.includes(visibility);
