export type ShortcutAction =
  | 'toggle-play'
  | 'seek-back'
  | 'seek-forward'
  | 'volume-up'
  | 'volume-down'
  | 'fullscreen'
  | 'mute';

/** Seconds an arrow key seeks, and the volume step of the up and down arrows. */
export const SEEK_STEP_S = 5;
export const VOLUME_STEP = 0.1;

const KEYS: Record<string, ShortcutAction> = {
  ' ': 'toggle-play',
  ArrowLeft: 'seek-back',
  ArrowRight: 'seek-forward',
  ArrowUp: 'volume-up',
  ArrowDown: 'volume-down',
  f: 'fullscreen',
  F: 'fullscreen',
  m: 'mute',
  M: 'mute',
};

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focused element's tag name and whether it is editable (typing a danmaku or a comment). */
  targetTag: string;
  targetEditable: boolean;
}

/**
 * The player's keyboard shortcut for a key press: space, the arrows, f and m. Nothing while the
 * viewer types in a field or holds a modifier (the browser's own shortcuts), and space is left to
 * buttons and links, which it activates.
 */
export function shortcutFor(input: KeyInput): ShortcutAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  const tag = input.targetTag.toUpperCase();
  if (input.targetEditable || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') {
    return null;
  }
  if (input.key === ' ' && (tag === 'BUTTON' || tag === 'A')) return null;
  return KEYS[input.key] ?? null;
}
