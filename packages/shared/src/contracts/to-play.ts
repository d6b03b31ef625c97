import Type, { type Static } from 'typebox';
import { MIX_ID_PATTERN } from '../ids/id-rules.ts';
import { MixIdString } from './video.ts';

/*
 * The to-play basket 待播 (issue 15, decision 051): a signed-in user's ordered list of videos
 * and albums to play next; a visitor keeps the same list of ids in the browser and merges it
 * on sign-in. Melon's own calls beside the video calls, declared in calls/to-play.calls.ts.
 */

/** Most entries one basket holds. */
export const TO_PLAY_MAX_ENTRIES = 200;

/** One entry as the basket shows and plays it. */
export const ToPlayEntry = Type.Object({
  /** The video or album in the basket. */
  group_id: Type.String(),
  /** SPEC §3 item type: 0 short video, 24 album, 25 episode. */
  item_type: Type.Integer(),
  title: Type.String(),
  cover_url: Type.String(),
  /** Seconds, of the video that plays. */
  duration: Type.Number(),
  /** The video that plays: the entry itself, or the album's first episode not yet finished. */
  play_id: Type.String(),
  /** 第3集 for an album's episode; '' for a video. */
  episode_label: Type.String(),
});
export type ToPlayEntry = Static<typeof ToPlayEntry>;

/** The basket as the viewer may see it now (hidden and deleted items left out). */
export const ToPlayList = Type.Object({
  list: Type.Array(ToPlayEntry),
  max: Type.Integer(),
  /** After a merge: the ids that could not go in (unknown, hidden, not playable, over the cap). */
  skipped: Type.Integer(),
});
export type ToPlayList = Static<typeof ToPlayList>;

export const ToPlayItemBody = Type.Object({ group_id: MixIdString });
export type ToPlayItemBody = Static<typeof ToPlayItemBody>;

export const ToPlayClearBody = Type.Object({});
export type ToPlayClearBody = Static<typeof ToPlayClearBody>;

/** A visitor's local basket, in its order, sent on sign-in. */
export const ToPlayMergeBody = Type.Object({
  group_ids: Type.Array(MixIdString, { maxItems: TO_PLAY_MAX_ENTRIES }),
});
export type ToPlayMergeBody = Static<typeof ToPlayMergeBody>;

const ID = MIX_ID_PATTERN.slice(1, -1);

/** Entries for ids a visitor keeps locally: comma-separated, in the basket's order. */
export const ToPlayCardsQuery = Type.Object({
  group_ids: Type.String({
    pattern: `^${ID}(,${ID}){0,${TO_PLAY_MAX_ENTRIES - 1}}$`,
    maxLength: TO_PLAY_MAX_ENTRIES * 27,
  }),
});
export type ToPlayCardsQuery = Static<typeof ToPlayCardsQuery>;
