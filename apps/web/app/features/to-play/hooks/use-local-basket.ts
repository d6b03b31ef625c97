import { useEffect, useState } from 'react';
import { LOCAL_BASKET_KEY, parseLocalBasket, writeLocalBasket } from '../local-basket.ts';

/*
 * The visitor's basket in local storage as React state: this tab's writes and the other tabs'
 * (the storage event) both reach every reader.
 */

const listeners = new Set<() => void>();
let cached: { raw: string | null; ids: readonly string[] } = { raw: null, ids: [] };

function snapshot(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(LOCAL_BASKET_KEY);
  } catch {
    // Storage off: an empty basket.
  }
  if (raw !== cached.raw) cached = { raw, ids: parseLocalBasket(raw) };
  return cached.ids;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_BASKET_KEY || event.key === null) onChange();
  };
  listeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The local ids in order; null in the server render and until the page has hydrated (the basket
 * is only in the browser). Read in an effect rather than through useSyncExternalStore: the
 * provider sits at the root, and a store whose browser value differs from the server's makes
 * React finish hydrating the whole page in one synchronous task (decision 062).
 */
export function useLocalBasket(): readonly string[] | null {
  const [ids, setIds] = useState<readonly string[] | null>(null);
  useEffect(() => {
    const read = () => {
      setIds(snapshot());
    };
    read();
    return subscribe(read);
  }, []);
  return ids;
}

/** Stores the ids and tells this tab's readers; false when storage refused. */
export function saveLocalBasket(ids: readonly string[]): boolean {
  const saved = writeLocalBasket(localStorage, ids);
  for (const listener of listeners) listener();
  return saved;
}
