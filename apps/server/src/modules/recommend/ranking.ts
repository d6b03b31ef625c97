/*
 * The scoring and mixing rules of the recommend feed and the related list (decision 037): pure
 * functions over rows already read, so each rule has a test of its own.
 */

const HOUR_MS = 3_600_000;

/** Freshness halves every three days; an old item keeps a tenth of its popularity. */
const FRESHNESS_HALF_LIFE_HOURS = 72;
const FRESHNESS_FLOOR = 0.1;

/** What the popularity of an item reads. */
export interface PopularityRow {
  play_count: number;
  digg_count: number;
  favorite_count: number;
  publish_time: number;
}

/**
 * Time-decayed popularity: the log of the engagement (a like weighs two plays, a favourite
 * four), times a freshness that halves every three days down to a floor.
 */
export function decayedPopularity(row: PopularityRow, nowMs: number): number {
  const engagement = row.play_count + 2 * row.digg_count + 4 * row.favorite_count;
  const ageHours = Math.max(0, nowMs - row.publish_time) / HOUR_MS;
  const freshness = 0.5 ** (ageHours / FRESHNESS_HALF_LIFE_HOURS);
  return (
    Math.log2(2 + Math.max(0, engagement)) * (FRESHNESS_FLOOR + (1 - FRESHNESS_FLOOR) * freshness)
  );
}

/**
 * A viewer finished an item when the stored position reached nine tenths of it: the history
 * stores the item's length once it was watched through (decision 029), and credits or a last
 * second skipped still count as seen.
 */
export function isFinished(progressMs: number, durationMs: number): boolean {
  return durationMs > 0 && progressMs > 0 && progressMs * 10 >= durationMs * 9;
}

/** A 32-bit FNV-1a hash: the same seeded order for the same viewer and items on every server. */
export function seededHash(seed: string, id: string): number {
  let hash = 0x811c9dc5;
  const text = `${seed}:${id}`;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A candidate for a list: its item, its author and its score (higher first). */
export interface Candidate {
  id: string;
  authorId: string;
  score: number;
}

/** Candidates best first; equal scores newest id first, so the order never depends on input. */
export function bestFirst(candidates: Candidate[]): Candidate[] {
  return candidates.sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : -1));
}

/** At most this many items by one author in any run of AUTHOR_WINDOW consecutive cards. */
export const AUTHOR_CAP = 2;
export const AUTHOR_WINDOW = 10;
/** In every block of ten cards, this one (the fourth: on the first screen) is a new item's. */
export const EXPLORATION_SLOT = 3;

export interface MixInput {
  /** Ranked candidates, best first. */
  ranked: readonly Candidate[];
  /** New items waiting for impressions, in the order they get the exploration slots. */
  fresh: readonly Candidate[];
  /** How many cards the list holds at most. */
  length: number;
}

/**
 * The list as shown: one card in ten (EXPLORATION_SLOT of each block) goes to the next new item,
 * the others to the best remaining candidate, and no card may bring an author to more than
 * AUTHOR_CAP in the last AUTHOR_WINDOW cards (a candidate that would waits for a later place).
 * Only when every remaining candidate would break the cap — a catalogue of few authors — does
 * the best of them come next (the list does not end while it has items). An item appears once.
 */
export function mixList({ ranked, fresh, length }: MixInput): string[] {
  const list: Candidate[] = [];
  const used = new Set<string>();
  const ranks = [...ranked];
  const freshQueue = [...fresh];

  // How many of the last AUTHOR_WINDOW - 1 cards each author has.
  const recent = new Map<string, number>();
  const keepsCap = (candidate: Candidate) => (recent.get(candidate.authorId) ?? 0) < AUTHOR_CAP;
  const place = (card: Candidate) => {
    list.push(card);
    used.add(card.id);
    recent.set(card.authorId, (recent.get(card.authorId) ?? 0) + 1);
    const leaving = list[list.length - AUTHOR_WINDOW];
    if (leaving) recent.set(leaving.authorId, (recent.get(leaving.authorId) ?? 1) - 1);
  };
  const takeFrom = (queue: Candidate[], capped = true): Candidate | undefined => {
    const index = queue.findIndex(
      (candidate) => !used.has(candidate.id) && (!capped || keepsCap(candidate)),
    );
    if (index < 0) return undefined;
    const [taken] = queue.splice(index, 1);
    return taken;
  };

  while (list.length < length) {
    const explorationTurn = list.length % AUTHOR_WINDOW === EXPLORATION_SLOT;
    const next =
      (explorationTurn ? takeFrom(freshQueue) : undefined) ??
      takeFrom(ranks) ??
      takeFrom(freshQueue) ??
      takeFrom(ranks, false) ??
      takeFrom(freshQueue, false);
    if (!next) break;
    place(next);
  }
  return list.map((card) => card.id);
}

/** One candidate source's items with their weights, and how much the source counts. */
export interface Source {
  items: readonly { itemId: string; weight: number }[];
  factor: number;
}

/**
 * How strongly the sources together point to each item: each source's weights divided by its
 * largest (so a source with many sessions does not drown the others), times its factor, summed.
 */
export function affinityOf(sources: readonly Source[]): Map<string, number> {
  const affinity = new Map<string, number>();
  for (const { items, factor } of sources) {
    const top = Math.max(0, ...items.map((item) => item.weight));
    if (top <= 0) continue;
    for (const { itemId, weight } of items) {
      affinity.set(itemId, (affinity.get(itemId) ?? 0) + (factor * weight) / top);
    }
  }
  return affinity;
}
