import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowedLocalStorage, pageMemoryStore } from './local-storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('allowedLocalStorage', () => {
  it('answers undefined where reading localStorage throws (a blocked third-party frame)', () => {
    // stubGlobal records the real localStorage, so unstubAllGlobals restores it after the
    // throwing getter defined here.
    vi.stubGlobal('localStorage', undefined);
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    expect(allowedLocalStorage()).toBeUndefined();
  });

  it('answers the storage where it may be used', () => {
    const storage = { getItem: () => null } as unknown as Storage;
    vi.stubGlobal('localStorage', storage);
    expect(allowedLocalStorage()).toBe(storage);
  });
});

describe('pageMemoryStore', () => {
  it('keeps what is set until removed', () => {
    pageMemoryStore.setItem('k', 'v');
    expect(pageMemoryStore.getItem('k')).toBe('v');
    pageMemoryStore.removeItem('k');
    expect(pageMemoryStore.getItem('k')).toBeNull();
  });
});
