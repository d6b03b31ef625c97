import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import {
  bigrams,
  isHan,
  normalizeText,
  queryChunks,
  searchWords,
  type QueryChunk,
} from './text-analysis.ts';
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
  /** How many documents hold each token of the groups. */
  df: Map<string, number>;
}

/** Queries longer than this are refused (decision 035). */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** At most this many groups are matched (a long pasted sentence keeps its first part). */
const MAX_GROUPS = 24;
/** Latin chunks longer than this are not split into vocabulary tokens. */
const MAX_SPLIT_LENGTH = 24;
const TYPO_WEIGHT = 0.7;

/** Reads the query; one look-up of the vocabulary, and one more for a typo. */
export async function planQuery(db: Kysely<Database>, query: string): Promise<QueryPlan> {
  const chunks = queryChunks(normalizeText(query));
  const latinOf = (chunk: QueryChunk) => (chunk.kind === 'mixed' ? chunk.pinyin : chunk.text);
  const candidates = chunks.flatMap((chunk) => {
    if (chunk.kind === 'han') return bigrams(chunk.text);
    const latin = latinOf(chunk);
    return latin.length <= MAX_SPLIT_LENGTH ? substrings(latin) : [latin];
  });
  const df = await documentFrequencies(db, candidates);
  const plan: QueryPlan = { groups: [], hanChunks: [], tokens: [], df };
  for (const chunk of chunks) {
    if (chunk.kind === 'han') {
      plan.hanChunks.push(chunk.text);
      plan.tokens.push(...searchWords(chunk.text).filter(isHan));
      plan.groups.push(...bigrams(chunk.text).map((token) => [{ token, weight: 1 }]));
    } else {
      const groups = await resolveLatin(db, latinOf(chunk), df);
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

/** The document frequencies of the terms the vocabulary holds. */
async function documentFrequencies(
  db: Kysely<Database>,
  terms: string[],
): Promise<Map<string, number>> {
  if (terms.length === 0) return new Map();
  const rows = await db
    .selectFrom('search_terms')
    .select(['term', 'df'])
    .where('term', 'in', [...new Set(terms)])
    .execute();
  return new Map(rows.map((row) => [row.term, row.df]));
}

/**
 * The groups of one Latin token: itself, its one-typo corrections (their frequencies join
 * `df`), or its vocabulary parts.
 */
async function resolveLatin(
  db: Kysely<Database>,
  latin: string,
  df: Map<string, number>,
): Promise<Alternative[][]> {
  if (df.has(latin)) return [[{ token: latin, weight: 1 }]];
  const corrections = await typoCorrections(db, latin);
  if (corrections.length > 0) {
    for (const { term, df: count } of corrections) df.set(term, count);
    return [corrections.map(({ term }) => ({ token: term, weight: TYPO_WEIGHT }))];
  }
  const split = fewestPieces(latin, df);
  if (split !== undefined) return split.map((token) => [{ token, weight: 1 }]);
  return [[{ token: latin, weight: 1 }]];
}

/** Terms of the vocabulary one edit away from a term no document holds. */
async function typoCorrections(
  db: Kysely<Database>,
  term: string,
): Promise<{ term: string; df: number }[]> {
  if (term.length < TYPO_MIN_LENGTH) return [];
  const rows = await db
    .selectFrom('search_term_variants as v')
    .innerJoin('search_terms as t', 't.term', 'v.term')
    .select(['t.term', 't.df'])
    .distinct()
    .where('v.variant', 'in', deletionVariants(term))
    .execute();
  return rows
    .filter((row) => withinOneEdit(row.term, term))
    .sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}

/** Every substring (a single letter can be a one-character word's initial). */
function substrings(text: string): string[] {
  const out = new Set<string>();
  for (let start = 0; start < text.length; start += 1) {
    for (let end = start + 1; end <= text.length; end += 1) out.add(text.slice(start, end));
  }
  return [...out];
}

/** The text cut into the fewest known pieces (two or more), or undefined when it cannot be. */
function fewestPieces(text: string, known: Map<string, number>): string[] | undefined {
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
