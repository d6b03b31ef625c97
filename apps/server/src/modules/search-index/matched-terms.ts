import type { QueryPlan } from './query-plan.ts';
import type { DocTexts } from './search-documents.ts';
import {
  HAN_RUN,
  isHan,
  LATIN_RUN,
  normalizeText,
  searchWords,
  wordKeys,
} from './text-analysis.ts';

/*
 * The words of a hit that matched its query, as the document writes them (traditional
 * characters, full-width letters), for the page to highlight: the query's Chinese chunks found
 * in the text (else their words), and the document's words whose Latin form, pinyin or initials
 * is one of the query's Latin tokens.
 */

export function matchedTerms(texts: DocTexts | undefined, plan: QueryPlan): string[] {
  if (texts === undefined) return [];
  const original = [texts.title, ...texts.rest].join('\n');
  const normalized = normalizeText(original);
  // Normalising keeps most texts' length, and then their positions: show the text as written.
  const shown = normalized.length === original.length ? original : normalized;
  const found = new Map<number, string>();
  const mark = (word: string, from = 0): boolean => {
    const at = normalized.indexOf(word, from);
    if (at < 0) return false;
    found.set(at, shown.slice(at, at + word.length));
    return true;
  };
  for (const chunk of plan.hanChunks) {
    if (!mark(chunk))
      searchWords(chunk)
        .filter(isHan)
        .forEach((word) => mark(word));
  }
  const latin = new Set(plan.groups.flat().flatMap((alt) => (isHan(alt.token) ? [] : [alt.token])));
  if (latin.size > 0) {
    for (const match of normalized.matchAll(LATIN_RUN)) {
      if (latin.has(match[0]))
        found.set(match.index, shown.slice(match.index, match.index + match[0].length));
    }
    for (const match of normalized.matchAll(HAN_RUN)) {
      for (const word of searchWords(match[0])) {
        if (!isHan(word)) continue;
        const keys = wordKeys(word);
        if (latin.has(keys.pinyin) || latin.has(keys.initials)) mark(word, match.index);
      }
    }
  }
  return [...new Set([...found.entries()].sort(([a], [b]) => a - b).map(([, word]) => word))];
}
