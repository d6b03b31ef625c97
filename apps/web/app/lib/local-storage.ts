/*
 * The browser's local storage where it may be used. Reading `localStorage` itself throws where
 * the browser refuses storage to the document: privacy settings, and a third-party frame (the
 * embeddable player on another site, decision 057) in browsers that block third-party storage.
 */

/** localStorage, or undefined where the browser refuses it. */
export function allowedLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

const memory = new Map<string, string>();

/** In place of a refused localStorage: remembered while the page lives, then forgotten. */
export const pageMemoryStore: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => {
    memory.set(key, value);
  },
  removeItem: (key) => {
    memory.delete(key);
  },
};
