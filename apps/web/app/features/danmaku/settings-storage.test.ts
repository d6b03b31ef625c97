import { describe, expect, it } from 'vitest';
import { defaultSettings, resolveSettings } from '@melon/danmaku/engine/settings';
import { readSettings, settingsKey, storedText, writeSettings } from './settings-storage.ts';

/** The Web Storage interface over a Map, as a browser's localStorage behaves. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

/** Storage that refuses every access, as in some private windows. */
class BlockedStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException('blocked', 'SecurityError');
  }
  override setItem(): void {
    throw new DOMException('full', 'QuotaExceededError');
  }
}

const changed = resolveSettings(defaultSettings, {
  opacity: 0.5,
  displayArea: 0.5,
  fontScale: 1.5,
  speed: 0.8,
  density: 'dense',
  blockedModes: ['top', 'bottom'],
  blockColoured: true,
  blockAdvanced: true,
  blockedColours: [0xfe0302],
  shieldWords: ['剧透'],
  mergeDuplicates: true,
  keepBottomClear: true,
});

describe('danmaku settings storage', () => {
  it('gives the defaults when nothing is stored', () => {
    expect(readSettings(new MemoryStorage(), null)).toEqual(defaultSettings);
    expect(readSettings(undefined, '123')).toEqual(defaultSettings);
  });

  it('remembers every setting per user, shield words excepted (the server keeps those)', () => {
    const storage = new MemoryStorage();
    writeSettings(storage, '7000000000000000001', changed);
    expect(readSettings(storage, '7000000000000000001')).toEqual({ ...changed, shieldWords: [] });
    expect(storage.getItem(settingsKey('7000000000000000001'))).not.toContain('剧透');
    // Another user and the anonymous viewer keep their own.
    expect(readSettings(storage, '7000000000000000002')).toEqual(defaultSettings);
    expect(readSettings(storage, null)).toEqual(defaultSettings);
    writeSettings(storage, null, { ...defaultSettings, enabled: false });
    expect(readSettings(storage, null).enabled).toBe(false);
    expect(readSettings(storage, '7000000000000000001').enabled).toBe(true);
  });

  it('keys by user id, or anonymous', () => {
    expect(settingsKey(null)).toBe('melon.danmaku.settings.anonymous');
    expect(settingsKey('42')).toBe('melon.danmaku.settings.42');
  });

  it('falls back field by field when the stored text is broken or out of range', () => {
    const storage = new MemoryStorage();
    storage.setItem(settingsKey(null), '{not json');
    expect(readSettings(storage, null)).toEqual(defaultSettings);
    storage.setItem(
      settingsKey(null),
      JSON.stringify({
        opacity: 9,
        displayArea: 0.3,
        density: 'dense',
        blockedModes: ['x', 'top'],
      }),
    );
    expect(readSettings(storage, null)).toEqual({
      ...defaultSettings,
      opacity: 1,
      density: 'dense',
      blockedModes: ['top'],
    });
    storage.setItem(settingsKey(null), 'null');
    expect(readSettings(storage, null)).toEqual(defaultSettings);
  });

  it('keeps working when storage is blocked', () => {
    const storage = new BlockedStorage();
    expect(() => {
      writeSettings(storage, null, changed);
    }).not.toThrow();
    expect(readSettings(storage, null)).toEqual(defaultSettings);
  });

  it('writes text that reads back to the same settings', () => {
    expect(JSON.parse(storedText(changed))).not.toHaveProperty('shieldWords');
  });
});
