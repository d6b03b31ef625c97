const DANMAKU_TOPIC = /^danmaku:([1-9][0-9]{0,18})$/;

/** The item of a `danmaku:<item_id>` topic, or undefined for any other string. */
export function itemOfTopic(topic: string): string | undefined {
  return DANMAKU_TOPIC.exec(topic)?.[1];
}

/**
 * Whether the viewer (a user id, or null for a visitor) may watch the item's danmaku live;
 * false for an unknown item and a hidden one alike. Handed in from above: the item policy
 * decides, and realtime stays below the modules.
 */
export type CanWatchItem = (itemId: string, viewerId: string | null) => Promise<boolean>;
