import Type, { type Static } from 'typebox';
import { MixIdString } from './video.ts';

/*
 * Plays (decision 039): the player reports a play once 3 s of it have played; the server counts
 * it once per viewer (the signed-in user, else the browser's web_id) and item per hour.
 */

/** Playback that makes a play (SPEC-like: Xigua and Bilibili count after a few seconds). */
export const PLAY_COUNTS_AFTER_MS = 3000;
/** One viewer's plays of one item count once in this window. */
export const PLAY_DEDUPE_WINDOW_MS = 3600_000;
/** The longest playback a report may state: a day; longer is not one sitting. */
const PLAYED_MS_MAX = 24 * 3600_000;

/** add_play body: the item and how long it has really played (ms, not counting seeks). */
export const AddPlayBody = Type.Object({
  item_id: MixIdString,
  played_ms: Type.Integer({ minimum: 0, maximum: PLAYED_MS_MAX }),
});
export type AddPlayBody = Static<typeof AddPlayBody>;

/** add_play data: whether this report counted, and the item's play count after it. */
export const PlayAdded = Type.Object({
  counted: Type.Boolean(),
  play_count: Type.Integer(),
});
export type PlayAdded = Static<typeof PlayAdded>;
