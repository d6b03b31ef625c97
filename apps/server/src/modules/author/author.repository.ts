import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType } from '@melon/db/enums';
import { type ListPosition, olderThan } from '../../lib/newest-first.ts';
import type { ViewerId } from '../item/item.policy.ts';
import { listableItems } from '../item/item-listing.ts';
import { videoListColumns } from '../item/item-columns.ts';

type Db = Kysely<Database>;

/** The author as their page heads with it; undefined for an unknown user. */
export function findAuthor(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'description',
      'avatar_url',
      'user_auth_info',
      'followers_count',
      'following_count',
      'video_count',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}
export type AuthorRow = NonNullable<Awaited<ReturnType<typeof findAuthor>>>;

/**
 * The author's lists: `video` every video, `hotsoon` the vertical ones (a rendition taller than
 * wide), `lvideo` the albums (long videos: films, series of episodes).
 */
export type AuthorListKind = 'video' | 'hotsoon' | 'lvideo';

export interface AuthorListQuery {
  authorId: string;
  viewerId: ViewerId;
  kind: AuthorListKind;
  cursor: ListPosition | undefined;
  limit: number;
}

/** A base over the author's items as the viewer may see them listed. */
function authorItems(db: Db, authorId: string, viewerId: ViewerId) {
  return listableItems(db, viewerId, 'homepage')
    .select(videoListColumns)
    .where('i.user_id', '=', authorId);
}

/** A page of the author's list, newest published first (id breaking ties). */
export function listAuthorItems(db: Db, query: AuthorListQuery) {
  const { cursor } = query;
  let select = authorItems(db, query.authorId, query.viewerId);
  if (query.kind === 'lvideo') {
    select = select.where('i.item_type', '=', ItemType.Album);
  } else {
    select = select.where('i.item_type', '=', ItemType.ShortVideo);
  }
  if (query.kind === 'hotsoon') {
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('item_renditions as r')
          .select('r.item_id')
          .whereRef('r.item_id', '=', 'i.id')
          .where('r.kind', '=', 'video')
          .whereRef('r.vheight', '>', 'r.vwidth'),
      ),
    );
  }
  if (cursor) {
    select = select.where((eb) => olderThan(eb, { time: 'i.publish_time', id: 'i.id' }, cursor));
  }
  return select
    .orderBy('i.publish_time', 'desc')
    .orderBy('i.id', 'desc')
    .limit(query.limit + 1)
    .execute();
}

/** The author's most played videos, a page by offset. */
export function listHotItems(
  db: Db,
  query: { authorId: string; viewerId: ViewerId; offset: number; limit: number },
) {
  return authorItems(db, query.authorId, query.viewerId)
    .where('i.item_type', '=', ItemType.ShortVideo)
    .orderBy('i.play_count', 'desc')
    .orderBy('i.id', 'desc')
    .offset(query.offset)
    .limit(query.limit + 1)
    .execute();
}
