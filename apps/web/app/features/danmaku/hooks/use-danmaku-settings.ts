import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  defaultSettings,
  resolveSettings,
  type DanmakuSettings,
} from '@melon/danmaku/engine/settings';
import {
  parseSettings,
  readStoredText,
  settingsKey,
  storedText,
  writeSettings,
} from '../settings-storage.ts';
import { allowedLocalStorage } from '~/lib/local-storage.ts';

export interface SettingsApi {
  settings: DanmakuSettings;
  update: (patch: Partial<DanmakuSettings>) => void;
  reset: () => void;
}

/** Changes made in this tab; other tabs are heard through the storage event. */
const localChanges = new Set<() => void>();
/** This tab's settings when local storage is blocked or full, so changes still apply. */
const memory = new Map<string, string>();

const readRaw = (viewerId: string | null): string | null =>
  readStoredText(allowedLocalStorage(), viewerId) ?? memory.get(settingsKey(viewerId)) ?? null;

function subscribe(listener: () => void): () => void {
  localChanges.add(listener);
  addEventListener('storage', listener);
  return () => {
    localChanges.delete(listener);
    removeEventListener('storage', listener);
  };
}

/**
 * The viewer's danmaku settings, remembered in this browser per user (or anonymously) and the
 * same in every tab. The server render uses the defaults; the remembered ones apply once the
 * page runs.
 */
export function useDanmakuSettings(viewerId: string | null): SettingsApi {
  // The stored text is the snapshot: a string compares by value, so reading it is stable.
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(viewerId),
    () => null,
  );
  const settings = useMemo(() => parseSettings(raw), [raw]);

  const store = useCallback(
    (next: DanmakuSettings) => {
      writeSettings(allowedLocalStorage(), viewerId, next);
      memory.set(settingsKey(viewerId), storedText(next));
      for (const listener of localChanges) listener();
    },
    [viewerId],
  );
  const update = useCallback(
    (patch: Partial<DanmakuSettings>) => {
      store(resolveSettings(parseSettings(readRaw(viewerId)), patch));
    },
    [store, viewerId],
  );
  const reset = useCallback(() => {
    store(defaultSettings);
  }, [store]);

  return { settings, update, reset };
}
