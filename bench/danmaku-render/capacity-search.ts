import type { TrialResult } from './page/trial.ts';

/** A load holds when nine frames in ten take at most this long (60 fps with little jank). */
export const budgetMs = 18;

export const holds = (result: TrialResult) => result.p90FrameMs <= budgetMs;

export interface CapacitySearch {
  readonly name: string;
  /** The first load tried; the load doubles from it until one misses. */
  readonly first: number;
  /** The largest load there is (a pool of that size): if it holds, the search ends there. */
  readonly most?: number;
  trial(load: number): Promise<TrialResult>;
  held?: { readonly load: number; readonly result: TrialResult };
  /** The smallest load that missed the budget; 0 until one has. */
  missed: number;
}

/** Doubles the load until one misses the budget, then halves the gap down to 5%. */
function nextLoad(search: CapacitySearch): number | undefined {
  const low = search.held?.load ?? 0;
  const most = search.most ?? Number.POSITIVE_INFINITY;
  if (search.missed === 0) {
    if (low >= most) return undefined;
    return low === 0 ? search.first : Math.min(most, low * 2);
  }
  if (search.missed - low <= Math.max(10, low * 0.05)) return undefined;
  return Math.round((low + search.missed) / 2);
}

/**
 * Other work on a shared machine only ever slows a trial down, so a miss gets a second try
 * and the better of the two counts.
 */
async function attempt(search: CapacitySearch, load: number): Promise<TrialResult> {
  const first = await search.trial(load);
  if (holds(first)) return first;
  const second = await search.trial(load);
  return second.p90FrameMs < first.p90FrameMs ? second : first;
}

/** The searches take turns, so a slow spell of the machine falls on all of them alike. */
export async function searchInTurns(searches: readonly CapacitySearch[]): Promise<void> {
  for (let running = true; running;) {
    running = false;
    for (const search of searches) {
      const load = nextLoad(search);
      if (load === undefined) continue;
      running = true;
      const result = await attempt(search, load);
      if (holds(result)) search.held = { load, result };
      else search.missed = load;
    }
  }
}
