import { useSyncExternalStore } from 'react';
import type { PlayerSource } from '../player-source.ts';
import { readPreferences, type PreferenceInputs, type Preferences } from '../preferences.ts';

/** Read once per source object, so that every render of one item sees the same answer. */
const cache = new WeakMap<PlayerSource, Preferences>();

const subscribe = () => () => undefined;

/**
 * The player's preferences for one item: null while rendering on the server and hydrating
 * (the server cannot know them), then read once in the browser.
 */
export function usePreferences(inputs: PreferenceInputs): Preferences | null {
  return useSyncExternalStore(
    subscribe,
    () => {
      let preferences = cache.get(inputs.source);
      if (!preferences) {
        preferences = readPreferences(inputs);
        cache.set(inputs.source, preferences);
      }
      return preferences;
    },
    () => null,
  );
}
