import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { normalizeText, queryChunks } from './text-analysis.ts';

/*
 * Suggestions as the viewer types (decision 035): the vocabulary's words (jieba words of two
 * characters or more, Latin words) whose text, full pinyin or initials start with the prefix,
 * the words more documents hold first. Each is a range scan of an index on a C-collated column.
 */

/** Suggestions offered at most. */
export const SUGGEST_MAX = 20;

/** The smallest string greater than every string starting with `prefix`. */
function after(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1));
  return head + String.fromCodePoint(last + 1);
}

async function wordsByKey(
  db: Kysely<Database>,
  key: 'term' | 'pinyin' | 'initials',
  prefix: string,
  limit: number,
) {
  return db
    .selectFrom('search_terms')
    .select(['term', 'df'])
    .where(key, '>=', prefix)
    .where(key, '<', after(prefix))
    .where('suggest', '=', 1)
    .orderBy('df', 'desc')
    .orderBy('term')
    .limit(limit)
    .execute();
}

export async function suggestWords(
  db: Kysely<Database>,
  prefix: string,
  limit: number,
): Promise<string[]> {
  const chunks = queryChunks(normalizeText(prefix.trim().slice(0, 100)));
  const chunk = chunks.at(-1);
  const count = Math.max(0, Math.min(limit, SUGGEST_MAX));
  if (chunk === undefined || count === 0) return [];
  const lead = chunks
    .slice(0, -1)
    .map((c) => c.text)
    .join(' ');
  const rows =
    chunk.kind === 'han'
      ? await wordsByKey(db, 'term', chunk.text, count)
      : (
          await Promise.all([
            wordsByKey(db, 'term', chunk.kind === 'latin' ? chunk.text : chunk.pinyin, count),
            wordsByKey(db, 'pinyin', chunk.kind === 'latin' ? chunk.text : chunk.pinyin, count),
            wordsByKey(db, 'initials', chunk.kind === 'latin' ? chunk.text : chunk.pinyin, count),
          ])
        ).flat();
  const words = [...new Map(rows.map((row) => [row.term, row.df])).entries()]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, count)
    .map(([word]) => (lead === '' ? word : `${lead} ${word}`));
  return words;
}
