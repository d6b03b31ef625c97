/** SPEC §9: the feed starts loading the next page when its end is within 64 px of the screen. */
export const IN_VIEW_MARGIN_PX = 64;

/** The cards of the first row (at most 5 columns) load at once; the rest lazily. */
export const EAGER_CARDS = 5;

/** Placeholder cards shown while the next page loads. */
export const SKELETON_CARDS = 10;
