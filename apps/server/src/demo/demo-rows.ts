import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { moveItemCounter, type ItemCounter } from '../modules/item/item.repository.ts';

/** What the demo audience's writers share: the transaction, ids, the clock and the dice. */
export interface AudienceContext {
  db: Kysely<Database>;
  newId: () => string;
  now: number;
  random: () => number;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 400;

/** Writes the rows a few hundred per statement. */
export async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/**
 * Moves the items' counter by the number of rows each has (one entry per row in `itemIds`),
 * through moveItemCounter: one UPDATE per distinct number of rows.
 */
export async function countRows(
  db: Kysely<Database>,
  counter: ItemCounter,
  itemIds: readonly string[],
): Promise<void> {
  const perItem = new Map<string, number>();
  for (const id of itemIds) perItem.set(id, (perItem.get(id) ?? 0) + 1);
  const itemsByCount = new Map<number, string[]>();
  for (const [id, count] of perItem)
    itemsByCount.set(count, [...(itemsByCount.get(count) ?? []), id]);
  for (const [count, ids] of itemsByCount) await moveItemCounter(db, ids, counter, count);
}

/** A whole number in [min, max]. */
export const between = (random: () => number, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

/** A moment in [from, to). */
export const momentBetween = (random: () => number, from: number, to: number): number =>
  from + Math.floor(random() * Math.max(0, to - from));

/** One of the list's entries. */
export function pick<T>(random: () => number, list: readonly T[]): T {
  const entry = list[Math.floor(random() * list.length)];
  if (entry === undefined) throw new Error('pick from an empty list');
  return entry;
}

/** Up to `count` different entries of the list, in random order. */
export function pickSome<T>(random: () => number, list: readonly T[], count: number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}
