/*
 * The modes and pools of a danmaku, said once for the contracts, the engine, the database and
 * the web app. Plain values, no schema library: the engine imports them too.
 */

/** Where a danmaku shows: scrolling leftwards, held at the top or bottom, or scrolling rightwards. */
export const DANMAKU_MODES = ['scroll', 'top', 'bottom', 'reverse'] as const;
export type DanmakuMode = (typeof DANMAKU_MODES)[number];

/** Everyone's danmaku, and the video author's subtitle and special pools. */
export const DANMAKU_POOLS = ['normal', 'subtitle', 'special'] as const;
export type DanmakuPool = (typeof DANMAKU_POOLS)[number];
