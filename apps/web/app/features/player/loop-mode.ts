/** SPEC §4 loop modes: none, single episode, list. */
export const LOOP_MODES = ['none', 'single', 'list'] as const;
export type LoopMode = (typeof LOOP_MODES)[number];

export type EndAction = 'stop' | 'replay' | 'next' | 'first';

/**
 * What happens when an item ends. Single replays it. List goes on through the series or album
 * and back to its first item after the last. None goes on to the next item when there is one
 * (series play on, as on a video site) and stops after the last.
 */
export function endAction(mode: LoopMode, list: { hasNext: boolean; size: number }): EndAction {
  switch (mode) {
    case 'single':
      return 'replay';
    case 'list':
      if (list.hasNext) return 'next';
      return list.size > 1 ? 'first' : 'replay';
    case 'none':
      return list.hasNext ? 'next' : 'stop';
  }
}

/** The next mode of the loop button: none → single → list → none. */
export function nextLoopMode(mode: LoopMode): LoopMode {
  return LOOP_MODES[(LOOP_MODES.indexOf(mode) + 1) % LOOP_MODES.length] ?? 'none';
}
