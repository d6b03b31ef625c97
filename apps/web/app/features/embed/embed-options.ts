/**
 * What the embedding site asks of the frame through its address (decision 057):
 * `?autoplay=1` starts playing at once (muted where the browser refuses sound, as it does in
 * another site's frame), `?t=<seconds>` starts there, `?danmaku=0` leaves the danmaku out.
 * Anything else, or a value not understood, keeps the default: paused, from the start, danmaku on.
 */
export interface EmbedOptions {
  autoplay: boolean;
  /** Seconds from the start; null: the start rules of the player (SPEC §4). */
  start: number | null;
  danmaku: boolean;
}

export function embedOptionsOf(search: URLSearchParams): EmbedOptions {
  const t = search.get('t');
  const start = t !== null && /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  return {
    autoplay: search.get('autoplay') === '1',
    start: Number.isFinite(start) && start > 0 ? start : null,
    danmaku: search.get('danmaku') !== '0',
  };
}
