import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import {
  PLAY_COUNTS_AFTER_MS,
  PLAY_DEDUPE_WINDOW_MS,
  type PlayAdded,
} from '@melon/shared/contracts/plays';
import { invalid, notFound } from '../../lib/domain-error.ts';
import { PLAYED_ITEM_TYPES } from '../history/history.service.ts';
import { moveItemCounter } from '../item/item.repository.ts';
import { findViewableItem } from '../item/item.service.ts';
import { playsMessages as t } from './plays.messages.ts';
import { insertPlay, lockItemPlays, playedSince, readPlayCount } from './plays.repository.ts';
import { viewerKeyOf } from './viewer-key.ts';

export interface PlaysServiceDeps {
  db: Kysely<Database>;
  newId: () => string;
  /** Milliseconds; when a play is counted. */
  now?: () => number;
}

/** Who reports: the signed-in user (null for a visitor) and the browser's web_id. */
export interface PlayViewer {
  userId: string | null;
  webId: string;
}

export function createPlaysService(deps: PlaysServiceDeps) {
  const { db, newId } = deps;
  const now = deps.now ?? (() => Date.now());

  return {
    /**
     * A report of `playedMs` of playback (decision 039). It counts once the play reached 3 s and
     * the viewer has no counted play of the item in the last hour: a row in `item_plays` and one
     * more in `items.play_count`, in one transaction. An item the viewer may not see is not found,
     * as everywhere; an album or series (which plays its episodes) is refused.
     */
    async add(viewer: PlayViewer, itemId: string, playedMs: number): Promise<PlayAdded> {
      const item = await findViewableItem(db, itemId, viewer.userId);
      if (!item) throw notFound(t.notFound);
      if (!PLAYED_ITEM_TYPES.includes(item.item_type)) throw invalid(t.notPlayable, 'item_id');
      if (playedMs < PLAY_COUNTS_AFTER_MS) {
        return { counted: false, play_count: await readPlayCount(db, itemId) };
      }
      const viewerKey = viewerKeyOf(viewer.userId, viewer.webId);
      return inTransaction(db, async (trx) => {
        await lockItemPlays(trx, itemId);
        const playedAt = now();
        const counted = !(await playedSince(
          trx,
          viewerKey,
          itemId,
          playedAt - PLAY_DEDUPE_WINDOW_MS + 1,
        ));
        if (counted) {
          await insertPlay(trx, {
            id: newId(),
            itemId,
            viewerKey,
            userId: viewer.userId,
            playedAt,
          });
          await moveItemCounter(trx, itemId, 'play_count', 1);
        }
        return { counted, play_count: await readPlayCount(trx, itemId) };
      });
    },
  };
}
export type PlaysService = ReturnType<typeof createPlaysService>;
