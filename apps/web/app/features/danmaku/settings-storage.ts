import {
  defaultSettings,
  resolveSettings,
  type DanmakuSettings,
} from '@melon/danmaku/engine/settings';

/** The viewer's settings in local storage, one entry per user id or `anonymous`. */
const KEY_PREFIX = 'melon.danmaku.settings.';

/** What is remembered on this device: everything but the shield words, which the server keeps. */
export type StoredSettings = Omit<DanmakuSettings, 'shieldWords'>;

export function settingsKey(userId: string | null): string {
  return `${KEY_PREFIX}${userId ?? 'anonymous'}`;
}

/** The stored text, or null when there is none or storage throws (private mode, blocked). */
export function readStoredText(storage: Storage | undefined, userId: string | null): string | null {
  try {
    return storage?.getItem(settingsKey(userId)) ?? null;
  } catch {
    return null;
  }
}

/** Settings from stored text: defaults for anything missing, malformed or out of range. */
export function parseSettings(raw: string | null): DanmakuSettings {
  if (raw === null) return defaultSettings;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaultSettings;
  }
  return { ...resolveSettings(defaultSettings, parsed), shieldWords: [] };
}

/** The settings remembered for `userId`, defaults where nothing (or nothing valid) is stored. */
export function readSettings(storage: Storage | undefined, userId: string | null): DanmakuSettings {
  return parseSettings(readStoredText(storage, userId));
}

/** The text remembered for `settings`: all but the shield words. */
export function storedText(settings: DanmakuSettings): string {
  return JSON.stringify(settings, (key, value: unknown) =>
    key === 'shieldWords' ? undefined : value,
  );
}

/** Remembers `settings` for `userId`; a full or blocked storage is ignored. */
export function writeSettings(
  storage: Storage | undefined,
  userId: string | null,
  settings: DanmakuSettings,
): void {
  try {
    storage?.setItem(settingsKey(userId), storedText(settings));
  } catch {
    // Not remembered this time; the page keeps working with the settings in memory.
  }
}
