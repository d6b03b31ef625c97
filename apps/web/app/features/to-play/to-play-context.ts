import { createContext } from 'react';
import type { ToPlayEntry } from '@melon/shared/contracts/to-play';

/** The basket as every part of the page sees it (decision 051). */
export interface ToPlayApi {
  /** The ids in order; null until read (the server render and the first moment after). */
  ids: readonly string[] | null;
  /** The entries with what they show, in order; null while loading. */
  entries: readonly ToPlayEntry[] | null;
  has: (groupId: string) => boolean;
  add: (groupId: string) => Promise<void>;
  remove: (groupId: string) => Promise<void>;
  clear: () => Promise<void>;
}

export const ToPlayContext = createContext<ToPlayApi | null>(null);
