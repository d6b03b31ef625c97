import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { findItem } from '../modules/danmaku/danmaku.repository.ts';

const DANMAKU_TOPIC = /^danmaku:([1-9][0-9]{0,18})$/;

/** The item of a `danmaku:<item_id>` topic, or undefined for any other string. */
export function itemOfTopic(topic: string): string | undefined {
  return DANMAKU_TOPIC.exec(topic)?.[1];
}

/** Whether the topic names an item that exists. */
export async function topicExists(db: Kysely<Database>, topic: string): Promise<boolean> {
  const itemId = itemOfTopic(topic);
  return itemId !== undefined && (await findItem(db, itemId)) !== undefined;
}
