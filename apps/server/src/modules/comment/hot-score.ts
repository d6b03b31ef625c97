/**
 * The hot order (smart_hot, decision 030). A comment's score at time T is
 *
 *   score(T) = (FLOOR + wilson(likes, dislikes) + REPLY_WEIGHT·ln(1 + replies)
 *               + AUTHOR_REPLY_BOOST·[the video's author replied]) · 2^(−(T − created) / HALF_LIFE)
 *
 * and since the decay is exponential, ordering by score(T) is ordering by
 * ln(base) + created·ln 2 / HALF_LIFE at every T: the stored key changes only when likes or
 * replies do, never with the clock.
 */
export const HOT_SCORE = {
  /** The Wilson interval's z: 95 % confidence. */
  z: 1.96,
  /** Every comment starts above zero, so a new one without likes still ranks by its age. */
  floor: 0.01,
  replyWeight: 0.05,
  authorReplyBoost: 0.15,
  halfLifeMs: 48 * 3600 * 1000,
} as const;

/**
 * The lower bound of the Wilson score interval of the share of positive votes (Reddit's
 * "best"): a comment with few votes is not trusted as much as its share says. 0 without votes.
 */
export function wilsonLowerBound(
  positive: number,
  negative: number,
  z: number = HOT_SCORE.z,
): number {
  const n = positive + negative;
  if (n === 0) return 0;
  const p = positive / n;
  const z2 = z * z;
  return (p + z2 / (2 * n) - z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n)) / (1 + z2 / n);
}

export interface HotInputs {
  diggs: number;
  replies: number;
  authorReplies: number;
  createdAt: number;
}

/**
 * Melon has likes and no dislikes (SPEC §7 comment_action: digg, cancel_digg), so the bound is
 * taken of likes against none: n / (n + z²), rising with every like and saturating: past about a
 * hundred likes a comment's quality is known and its age decides (decision 030).
 */
export function hotBase({ diggs, replies, authorReplies }: Omit<HotInputs, 'createdAt'>): number {
  return (
    HOT_SCORE.floor +
    wilsonLowerBound(diggs, 0) +
    HOT_SCORE.replyWeight * Math.log1p(replies) +
    (authorReplies > 0 ? HOT_SCORE.authorReplyBoost : 0)
  );
}

/** The stored, time-independent key of the hot order: the higher, the hotter. */
export function hotKey(inputs: HotInputs): number {
  return Math.log(hotBase(inputs)) + (inputs.createdAt / HOT_SCORE.halfLifeMs) * Math.LN2;
}
