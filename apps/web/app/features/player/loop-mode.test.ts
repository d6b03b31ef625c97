import { describe, expect, it } from 'vitest';
import { endAction, nextLoopMode } from './loop-mode.ts';

describe('endAction', () => {
  it.each([
    { mode: 'none', hasNext: true, size: 3, action: 'next' },
    { mode: 'none', hasNext: false, size: 3, action: 'stop' },
    { mode: 'none', hasNext: false, size: 0, action: 'stop' },
    { mode: 'single', hasNext: true, size: 3, action: 'replay' },
    { mode: 'single', hasNext: false, size: 0, action: 'replay' },
    { mode: 'list', hasNext: true, size: 3, action: 'next' },
    { mode: 'list', hasNext: false, size: 3, action: 'first' },
    { mode: 'list', hasNext: false, size: 1, action: 'replay' },
    { mode: 'list', hasNext: false, size: 0, action: 'replay' },
  ] as const)('$mode, next $hasNext, $size items → $action', ({ mode, hasNext, size, action }) => {
    expect(endAction(mode, { hasNext, size })).toBe(action);
  });

  it('cycles none → single → list → none', () => {
    expect(nextLoopMode('none')).toBe('single');
    expect(nextLoopMode('single')).toBe('list');
    expect(nextLoopMode('list')).toBe('none');
  });
});
