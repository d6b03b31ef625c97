import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyInput } from './shortcuts.ts';

const KEY: KeyInput = {
  key: ' ',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  targetTag: 'BODY',
  targetEditable: false,
};

describe('shortcutFor', () => {
  it.each([
    { input: { key: ' ' }, action: 'toggle-play' },
    { input: { key: 'ArrowLeft' }, action: 'seek-back' },
    { input: { key: 'ArrowRight' }, action: 'seek-forward' },
    { input: { key: 'ArrowUp' }, action: 'volume-up' },
    { input: { key: 'ArrowDown' }, action: 'volume-down' },
    { input: { key: 'f' }, action: 'fullscreen' },
    { input: { key: 'F' }, action: 'fullscreen' },
    { input: { key: 'm' }, action: 'mute' },
    { input: { key: 'x' }, action: null },
    { input: { key: 'f', ctrlKey: true }, action: null },
    { input: { key: 'ArrowLeft', altKey: true }, action: null },
    { input: { key: 'm', targetTag: 'INPUT' }, action: null },
    { input: { key: ' ', targetTag: 'TEXTAREA' }, action: null },
    { input: { key: 'f', targetTag: 'DIV', targetEditable: true }, action: null },
    { input: { key: ' ', targetTag: 'BUTTON' }, action: null },
    { input: { key: 'ArrowRight', targetTag: 'BUTTON' }, action: 'seek-forward' },
  ] as const)('$input → $action', ({ input, action }) => {
    expect(shortcutFor({ ...KEY, ...input })).toBe(action);
  });
});
