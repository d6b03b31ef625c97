/** SPEC §9: the player's default size; a wider video keeps its own ratio. */
export const DEFAULT_PLAYER_SIZE = { width: 1600, height: 900 } as const;

/** SPEC §9: in the default display mode the player takes this share of the page's width. */
export const PLAYER_WIDTH_SHARE = 0.6375;

/**
 * The player box's width / height: 16:9 (1600×900) for 16:9 and narrower videos, which are
 * pillarboxed; a wider video (21:9, 2.39:1) keeps its ratio so it fills the box without bars.
 */
export function playerAspectRatio(video: { width: number; height: number } | null): number {
  const base = DEFAULT_PLAYER_SIZE.width / DEFAULT_PLAYER_SIZE.height;
  if (!video || video.width <= 0 || video.height <= 0) return base;
  return Math.max(base, video.width / video.height);
}
