import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ItemMediaState } from '@melon/db/tables/media';
import { Visibility } from '@melon/db/enums';
import { createItem } from './factories.ts';

/** The states of an item the item policy hides from everyone but its author (or from all). */
export const HIDDEN_ITEMS = [
  { name: 'private (self, 15)', visibility: Visibility.Self, authorSees: true },
  { name: 'deleted (10)', visibility: Visibility.Delete, authorSees: false },
  { name: 'processing', media: 'processing', authorSees: true },
  { name: 'failed', media: 'failed', authorSees: true },
] as const satisfies readonly (ItemState & { name: string; authorSees: boolean })[];

export interface ItemState {
  visibility?: Visibility;
  /** The state of an uploaded video's media row; absent: no media row (a catalogue item). */
  media?: ItemMediaState;
}

/** An item of the author at that visibility (all by default) with, if given, a media row. */
export async function createItemIn(
  db: Kysely<Database>,
  newId: () => string,
  author: string,
  state: ItemState,
): Promise<string> {
  const itemId = await createItem(db, newId, author, {
    visibility: state.visibility ?? Visibility.All,
  });
  if (state.media) {
    const now = Date.now();
    await db
      .insertInto('item_media')
      .values({
        item_id: itemId,
        state: state.media,
        source_path: `/nowhere/${itemId}.mp4`,
        package_dir: null,
        derived_dir: null,
        storyboard: null,
        job_id: null,
        error_message: state.media === 'failed' ? '无法识别的视频编码' : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return itemId;
}
