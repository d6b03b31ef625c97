import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ViewerId } from '../modules/item/item.policy.ts';
import { findViewableItem } from '../modules/item/item.service.ts';

const DANMAKU_TOPIC = /^danmaku:([1-9][0-9]{0,18})$/;

/** The item of a `danmaku:<item_id>` topic, or undefined for any other string. */
export function itemOfTopic(topic: string): string | undefined {
  return DANMAKU_TOPIC.exec(topic)?.[1];
}

/** Whether the topic names an item the viewer may see (an unknown and a hidden one alike). */
export async function topicViewable(
  db: Kysely<Database>,
  topic: string,
  viewerId: ViewerId,
): Promise<boolean> {
  const itemId = itemOfTopic(topic);
  return itemId !== undefined && (await findViewableItem(db, itemId, viewerId)) !== undefined;
}
