import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { AlbumType, SeriesKind } from '@melon/db/enums';
import { notDeleted } from '../item/item-listing.ts';
import { analyseInto, emptyAnalysis } from './text-analysis.ts';
import type { AnalysedDoc } from './index-writes.ts';

/*
 * What the index holds of an item and of a user (decision 035). An item: its title (which
 * weighs more), abstract, tags, its author's name, an album's kind, area, year, genres and
 * cast, a series' kind, and an episode's album title. A user: name (weighing more) and
 * description.
 */

const ALBUM_TYPE_NAMES: Record<AlbumType, string> = {
  [AlbumType.Movie]: '电影',
  [AlbumType.TV]: '电视剧',
  [AlbumType.Anime]: '动漫',
  [AlbumType.VarietyShow]: '综艺',
  [AlbumType.Documentary]: '纪录片',
  [AlbumType.ShortFilm]: '短片',
  [AlbumType.MicroFilm]: '微电影',
  [AlbumType.Child]: '少儿',
  [AlbumType.Game]: '游戏',
  [AlbumType.News]: '新闻',
  [AlbumType.Sport]: '体育',
  [AlbumType.Music]: '音乐',
};

const SERIES_KIND_NAMES: Record<SeriesKind, string> = {
  [SeriesKind.Series]: '合集',
  [SeriesKind.PSeries]: '系列',
};

/** The texts of a document: the title, and everything else. */
export interface DocTexts {
  title: string;
  rest: string[];
}

export function analyseDoc(texts: DocTexts): AnalysedDoc {
  const title = emptyAnalysis();
  analyseInto(texts.title, title);
  const all = { tokens: new Set(title.tokens), words: new Map(title.words) };
  for (const text of texts.rest) analyseInto(text, all);
  return { all, title };
}

/** The texts of items by id (deleted and unknown items are left out: they are not indexed). */
export async function itemTexts(
  db: Kysely<Database>,
  itemIds: readonly string[],
): Promise<Map<string, DocTexts>> {
  const texts = new Map<string, DocTexts>();
  if (itemIds.length === 0) return texts;
  const itemsQuery = db
    .selectFrom('items as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .leftJoin('albums as a', 'a.item_id', 'i.id')
    .leftJoin('series as s', 's.item_id', 'i.id')
    .leftJoin('album_episodes as e', 'e.item_id', 'i.id')
    .leftJoin('items as parent', 'parent.id', 'e.album_id')
    .select([
      'i.id',
      'i.title',
      'i.abstract',
      'u.name as author',
      'a.album_type',
      'a.area',
      'a.year',
      'a.genres',
      'a.cast_names',
      's.kind as series_kind',
      'parent.title as album_title',
    ])
    .where('i.id', 'in', itemIds)
    .where(notDeleted);
  const tagsQuery = db
    .selectFrom('item_tags as it')
    .innerJoin('tags as t', 't.id', 'it.tag_id')
    .select(['it.item_id', 't.name'])
    .where('it.item_id', 'in', itemIds)
    .orderBy('t.name');
  const [items, tags] = await Promise.all([itemsQuery.execute(), tagsQuery.execute()]);
  for (const item of items) {
    const rest = [item.abstract, item.author, item.area ?? '', item.album_title ?? ''];
    if (item.album_type !== null) rest.push(ALBUM_TYPE_NAMES[item.album_type]);
    if (item.year !== null) rest.push(String(item.year));
    // An album's genres and cast (comma-separated, decision 047): found by an actor's name.
    rest.push(...`${item.genres ?? ''},${item.cast_names ?? ''}`.split(',').filter(Boolean));
    if (item.series_kind !== null) rest.push(SERIES_KIND_NAMES[item.series_kind]);
    texts.set(item.id, { title: item.title, rest });
  }
  for (const tag of tags) texts.get(tag.item_id)?.rest.push(tag.name);
  return texts;
}

/** The texts of users by id: name and description. */
export async function userTexts(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, DocTexts>> {
  const texts = new Map<string, DocTexts>();
  if (userIds.length === 0) return texts;
  const users = await db
    .selectFrom('users')
    .select(['id', 'name', 'description'])
    .where('id', 'in', userIds)
    .execute();
  for (const user of users) texts.set(user.id, { title: user.name, rest: [user.description] });
  return texts;
}
