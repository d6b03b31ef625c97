/*
 * One-typo matching of Latin and pinyin terms (decision 035): a term of the vocabulary is stored
 * under itself and each of its one-deletion variants; a query term looks up itself and its own
 * variants, and the candidates are checked to be one edit away (an insertion, a deletion, a
 * substitution or two neighbours swapped).
 */

/** Shorter terms are matched exactly only: one edit in three letters is another word. */
export const TYPO_MIN_LENGTH = 4;

/** The term and every string one deletion away from it. */
export function deletionVariants(term: string): string[] {
  const variants = new Set([term]);
  for (let i = 0; i < term.length; i += 1) variants.add(term.slice(0, i) + term.slice(i + 1));
  return [...variants];
}

/** Whether two strings are at most one edit apart (optimal string alignment distance ≤ 1). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = a.slice(start, endA);
  const restB = b.slice(start, endB);
  if (restA.length + restB.length <= 1) return true;
  if (restA.length === 1 && restB.length === 1) return true;
  return restA.length === 2 && restB.length === 2 && restA[0] === restB[1] && restA[1] === restB[0];
}
