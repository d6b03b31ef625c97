import { SEARCH_HISTORY_MAX } from '@melon/shared/contracts/search';

/** A visitor's recent searches live in this browser only (decision 036). */
const KEY = 'melon:search-history';

export function readLocalHistory(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

/** The word goes to the top; the newest SEARCH_HISTORY_MAX are kept. */
export function rememberLocally(word: string): void {
  const next = [word, ...readLocalHistory().filter((w) => w !== word)];
  try {
    localStorage.setItem(KEY, JSON.stringify(next.slice(0, SEARCH_HISTORY_MAX)));
  } catch {
    // Storage full or switched off: the history is a convenience.
  }
}

export function clearLocalHistory(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
