import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { createIdGenerator } from '@melon/shared/ids/id';
import { ensureDefaultChannels } from '../../apps/server/src/modules/channel/ensure-default-channels.ts';
import { random } from '../recommend/world.ts';
import { authorName, generateItem } from './titles.ts';

/*
 * The search bench's world: generated items (bench/search/titles.ts, seeded) by AUTHORS
 * authors, each with one tag, published up to two years before `now`, and the default
 * channels. Not indexed: the caller builds the index.
 */

export const AUTHORS = 2000;
const BATCH = 500;
const DAY = 86_400_000;

/** Fills the database; the items' ids in the order they were generated (ascending). */
export async function fillItems(
  db: Kysely<Database>,
  itemCount: number,
  now: number,
): Promise<string[]> {
  await ensureDefaultChannels(db);
  const newId = createIdGenerator();
  const rand = random(13);
  const authors = Array.from({ length: AUTHORS }, () => newId());
  for (let i = 0; i < AUTHORS; i += BATCH) {
    await db
      .insertInto('users')
      .values(
        authors.slice(i, i + BATCH).map((id, j) => ({
          id,
          name: authorName(i + j),
          user_auth_info: null,
          created_at: now - 1000 * DAY,
        })),
      )
      .execute();
  }
  const tags = new Map<string, string>();
  const itemIds: string[] = [];
  for (let i = 0; i < itemCount; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, itemCount - i) }, () => ({
      id: newId(),
      item: generateItem(rand, AUTHORS),
    }));
    for (const { id, item } of batch) {
      itemIds.push(id);
      if (!tags.has(item.tag)) tags.set(item.tag, newId());
    }
    await db
      .insertInto('items')
      .values(
        batch.map(({ id, item }) => {
          const published = now - Math.round(item.ageDays * DAY);
          return {
            id,
            item_type: 0 as const,
            user_id: authors[item.author] ?? '',
            channel_id: 2,
            title: item.title,
            abstract: item.abstract,
            duration_ms: item.durationMs,
            publish_time: published,
            behot_time: published,
            play_count: item.plays,
            digg_count: item.likes,
            created_at: published,
            updated_at: published,
          };
        }),
      )
      .execute();
    await db
      .insertInto('tags')
      .values([...tags].map(([name, id]) => ({ id, name })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db
      .insertInto('item_tags')
      .values(batch.map(({ id, item }) => ({ item_id: id, tag_id: tags.get(item.tag) ?? '' })))
      .execute();
  }
  return itemIds;
}
