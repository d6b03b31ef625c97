import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { bigrams, isHan, normalizeText, queryChunks, searchWords } from './text-analysis.ts';
import { deletionVariants, TYPO_MIN_LENGTH, withinOneEdit } from './typo.ts';

/*
 * A query as the index reads it (decision 035): groups that must all match, each a choice of
 * tokens with a weight. Chinese is matched by its characters only (each pair of neighbouring
 * characters, or the one character), never through pinyin, so 景点 cannot find 经典. Latin and
 * mixed input (`xi瓜` is read as `xigua`) is one token: a Latin word, a word's full pinyin or its
 * initials; a token no document holds is tried within one typo, then as two or more tokens
 * the vocabulary holds (`xiguashipin` → xigua shipin).
 */

export interface Alternative {
  token: string;
  /** 1 for the token as typed, less for a typo's correction. */
  weight: number;
}

export interface QueryPlan {
  groups: Alternative[][];
  /** The Chinese chunks of the query, as typed (normalised), for highlighting. */
  hanChunks: string[];
  /** What the query was read as: jieba words and resolved Latin tokens (for the debug page). */
  tokens: string[];
}

/** Queries longer than this are refused (decision 035). */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** At most this many groups are matched (a long pasted sentence keeps its first part). */
const MAX_GROUPS = 24;
/** Latin chunks longer than this are not split into vocabulary tokens. */
const MAX_SPLIT_LENGTH = 24;
const TYPO_WEIGHT = 0.7;

export async function planQuery(db: Kysely<Database>, query: string): Promise<QueryPlan> {
  const plan: QueryPlan = { groups: [], hanChunks: [], tokens: [] };
  for (const chunk of queryChunks(normalizeText(query))) {
    if (chunk.kind === 'han') {
      plan.hanChunks.push(chunk.text);
      plan.tokens.push(...searchWords(chunk.text).filter(isHan));
      plan.groups.push(...bigrams(chunk.text).map((token) => [{ token, weight: 1 }]));
    } else {
      const latin = chunk.kind === 'latin' ? chunk.text : chunk.pinyin;
      const groups = await resolveLatin(db, latin);
      plan.groups.push(...groups);
      plan.tokens.push(...groups.map((group) => group.map((a) => a.token).join('|')));
    }
  }
  plan.groups = uniqueGroups(plan.groups).slice(0, MAX_GROUPS);
  return plan;
}

const uniqueGroups = (groups: Alternative[][]): Alternative[][] => {
  const seen = new Set<string>();
  return groups.filter((group) => {
    const key = group.map((a) => a.token).join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

async function knownTerms(db: Kysely<Database>, terms: string[]): Promise<Set<string>> {
  if (terms.length === 0) return new Set();
  const rows = await db
    .selectFrom('search_terms')
    .select('term')
    .where('term', 'in', terms)
    .execute();
  return new Set(rows.map((row) => row.term));
}

/** The groups of one Latin token: itself, its one-typo corrections, or its vocabulary parts. */
async function resolveLatin(db: Kysely<Database>, latin: string): Promise<Alternative[][]> {
  const pieces = latin.length <= MAX_SPLIT_LENGTH ? substrings(latin) : [latin];
  const known = await knownTerms(db, pieces);
  if (known.has(latin)) return [[{ token: latin, weight: 1 }]];
  const corrections = await typoCorrections(db, latin);
  if (corrections.length > 0) {
    return [corrections.map((token) => ({ token, weight: TYPO_WEIGHT }))];
  }
  const split = fewestPieces(latin, known);
  if (split !== undefined) return split.map((token) => [{ token, weight: 1 }]);
  return [[{ token: latin, weight: 1 }]];
}

/** Terms of the vocabulary one edit away from a term no document holds. */
async function typoCorrections(db: Kysely<Database>, term: string): Promise<string[]> {
  if (term.length < TYPO_MIN_LENGTH) return [];
  const rows = await db
    .selectFrom('search_term_variants')
    .select('term')
    .distinct()
    .where('variant', 'in', deletionVariants(term))
    .execute();
  return rows
    .map((row) => row.term)
    .filter((candidate) => withinOneEdit(candidate, term))
    .sort();
}

/** Every substring of two letters or more. */
function substrings(text: string): string[] {
  const out = new Set<string>();
  for (let start = 0; start < text.length; start += 1) {
    for (let end = start + 2; end <= text.length; end += 1) out.add(text.slice(start, end));
  }
  return [...out];
}

/** The text cut into the fewest known pieces (two or more), or undefined when it cannot be. */
function fewestPieces(text: string, known: Set<string>): string[] | undefined {
  const best: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= text.length; end += 1) {
    for (let start = 0; start < end; start += 1) {
      const before = best[start];
      const piece = text.slice(start, end);
      if (before === undefined || !known.has(piece)) continue;
      const current = best[end];
      if (current === undefined || before.length + 1 < current.length) {
        best[end] = [...before, piece];
      }
    }
  }
  const pieces = best[text.length];
  return pieces !== undefined && pieces.length >= 2 ? pieces : undefined;
}
