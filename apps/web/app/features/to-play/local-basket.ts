import { TO_PLAY_MAX_ENTRIES } from '@melon/shared/contracts/to-play';
import { isGid } from '@melon/shared/ids/id-rules';

/*
 * A visitor's basket (decision 051): the ids in the order they went in, in local storage, so
 * it outlives the page and is shared by the browser's tabs (each hears the others through the
 * storage event). On sign-in it is sent to the server's basket and the sent ids leave it.
 */
export const LOCAL_BASKET_KEY = 'melon:to-play';

/** Written by a signed-in tab after a change: the other tabs read the server's basket again. */
export const BASKET_CHANGED_KEY = 'melon:to-play-changed';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The ids of a stored value: valid ids only, once each, at most the cap; [] for anything else. */
export function parseLocalBasket(value: string | null): string[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const ids = parsed.filter((id): id is string => typeof id === 'string' && isGid(id));
  return [...new Set(ids)].slice(0, TO_PLAY_MAX_ENTRIES);
}

export function readLocalBasket(storage: Storage): string[] {
  try {
    return parseLocalBasket(storage.getItem(LOCAL_BASKET_KEY));
  } catch {
    return [];
  }
}

/** Stores the ids; false when storage refused (private mode, quota). */
export function writeLocalBasket(storage: Storage, ids: readonly string[]): boolean {
  try {
    if (ids.length === 0) storage.removeItem(LOCAL_BASKET_KEY);
    else storage.setItem(LOCAL_BASKET_KEY, JSON.stringify(ids));
    return true;
  } catch {
    return false;
  }
}

/** The ids with `id` at the end; unchanged when it is there already; 'full' at the cap. */
export function addLocal(ids: readonly string[], id: string): readonly string[] | 'full' {
  if (ids.includes(id)) return ids;
  if (ids.length >= TO_PLAY_MAX_ENTRIES) return 'full';
  return [...ids, id];
}

export const removeLocal = (ids: readonly string[], id: string): string[] =>
  ids.filter((kept) => kept !== id);

/**
 * Sends the local basket to the signed-in user's (`send` is the merge call) and, once the
 * server has it, takes the sent ids out of local storage: ids added meanwhile (another tab)
 * stay for the next merge, and a failed merge leaves everything in place. Null when there was
 * nothing to send.
 */
export async function mergeLocalBasket<T>(
  storage: Storage,
  send: (ids: string[]) => Promise<T>,
): Promise<T | null> {
  const sent = readLocalBasket(storage);
  if (sent.length === 0) return null;
  const answer = await send(sent);
  const sentSet = new Set(sent);
  writeLocalBasket(
    storage,
    readLocalBasket(storage).filter((id) => !sentSet.has(id)),
  );
  return answer;
}
