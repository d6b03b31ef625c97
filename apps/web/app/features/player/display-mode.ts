/** SPEC §4 display modes. */
export type DisplayMode = 'player' | 'theater' | 'web-fullscreen' | 'fullscreen';

/** The mode a toggle button leads to: pressing the active mode's button goes back to `player`. */
export function toggleDisplayMode(current: DisplayMode, pressed: DisplayMode): DisplayMode {
  return current === pressed ? 'player' : pressed;
}
