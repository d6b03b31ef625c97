import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPreviewEnded, markPreviewEnded, previewEndedAt } from './preview-session.ts';

/** sessionStorage as a browser tab keeps it, over a Map. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

describe('the preview session flag', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('remembers where the preview ended, per item, until cleared', () => {
    expect(previewEndedAt('7000000000000000001')).toBeNull();
    markPreviewEnded('7000000000000000001', 360);
    expect(previewEndedAt('7000000000000000001')).toBe(360);
    expect(previewEndedAt('7000000000000000002')).toBeNull();
    clearPreviewEnded('7000000000000000001');
    expect(previewEndedAt('7000000000000000001')).toBeNull();
  });

  it('ignores a clip end that is not a positive time', () => {
    markPreviewEnded('7000000000000000001', 0);
    markPreviewEnded('7000000000000000002', Number.NaN);
    expect(previewEndedAt('7000000000000000001')).toBeNull();
    expect(previewEndedAt('7000000000000000002')).toBeNull();
  });

  it('does nothing where storage is refused or absent', () => {
    const refusing = memoryStorage();
    refusing.setItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', refusing);
    markPreviewEnded('7000000000000000001', 360);
    expect(previewEndedAt('7000000000000000001')).toBeNull();
    vi.stubGlobal('sessionStorage', undefined);
    expect(previewEndedAt('7000000000000000001')).toBeNull();
    clearPreviewEnded('7000000000000000001');
  });
});
