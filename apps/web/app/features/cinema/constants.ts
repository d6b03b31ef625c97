/** The side menu's 影视 channel (apps/server channel catalogue): its page is the cinema home. */
export const CINEMA_CHANNEL_ID = '2';

/** Albums per page of the filter page (a multiple of its 2, 3, 4 and 6 columns). */
export const FILTER_PAGE_SIZE = 24;

/** Albums each row of the cinema home shows. */
export const ROW_SIZE = 12;

/** Clips in the home's 预告 · 花絮 row. */
export const CLIP_ROW_SIZE = 8;

/** Seconds a banner stays before the carousel moves on (it stops on hover and focus). */
export const BANNER_INTERVAL_MS = 5000;

/** Covers fetched at once on the filter page (its first row on a wide screen). */
export const EAGER_CARDS = 6;

/** Skeleton cards standing for the next page while it loads. */
export const SKELETON_CARDS = 6;
