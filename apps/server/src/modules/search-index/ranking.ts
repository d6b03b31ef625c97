/**
 * The ranking's constants (decision 035): BM25 (k1, b) with the title weighing more, blended
 * as text × (1 + popularityWeight × popularity + freshnessWeight × freshness), where popularity
 * is ln(1 + plays + likeWeight × likes + favoriteWeight × favourites) / ln(1 + ceiling), at most
 * 1, and freshness halves every freshnessHalfLifeDays.
 */
export const RANKING = {
  k1: 1.2,
  b: 0.75,
  titleBoost: 2.5,
  likeWeight: 10,
  favoriteWeight: 20,
  popularityCeiling: 10_000_000,
  freshnessHalfLifeDays: 30,
  popularityWeight: 0.5,
  freshnessWeight: 0.3,
} as const;
