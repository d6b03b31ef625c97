import Type, { type Static } from 'typebox';
import { MixIdString } from './video.ts';

/*
 * The embeddable player /iframe/:mixId (decision 057). Another site asks before it embeds a
 * video; the answer is the one a visitor gets (a frame on another site is often sent no
 * cookies), through the item policy: a hidden, deleted or unknown video is 404 like elsewhere.
 */

/** get_iframe_accessibility query: the id the frame's address names. */
export const IframeAccessibilityQuery = Type.Object({ mixId: MixIdString });
export type IframeAccessibilityQuery = Static<typeof IframeAccessibilityQuery>;

/**
 * What a visitor plays in the frame: `full` the whole video; `preview` the first minutes of a
 * members-only or paid episode (decision 050); `unavailable` nothing yet (still processing, or
 * its preview not yet cut).
 */
export const EmbedPlayback = Type.Union([
  Type.Literal('full'),
  Type.Literal('preview'),
  Type.Literal('unavailable'),
]);
export type EmbedPlayback = Static<typeof EmbedPlayback>;

/** get_iframe_accessibility data. */
export const IframeAccessibility = Type.Object({
  mix_id: Type.String(),
  /** The item the frame plays: the video itself, or a series' or album's first episode. */
  item_id: Type.String(),
  /** Whether the frame plays anything: the playback is not `unavailable`. */
  embeddable: Type.Boolean(),
  playback: EmbedPlayback,
  /** The frame's path on this site: /iframe/<mixId>. */
  iframe_path: Type.String(),
});
export type IframeAccessibility = Static<typeof IframeAccessibility>;
