import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { AnalysedText } from './text-analysis.ts';
import { deletionVariants, TYPO_MIN_LENGTH } from './typo.ts';
import { isLatin } from './text-analysis.ts';

/*
 * The index's writes (decision 035): a document's row, the document frequencies of its tokens,
 * the typo variants of new Latin tokens and the totals, all in the caller's transaction.
 */

export type DocKind = 'item' | 'user';

/** What a document gives the index: its analysed text and that of its title alone. */
export interface AnalysedDoc {
  all: AnalysedText;
  title: AnalysedText;
}

/** Rows per statement, well under both engines' limits on bound parameters. */
const BATCH = 400;

export const isPostgres = (db: Kysely<Database>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

/** Tokens written for a column: each once, sorted, a space at each end for whole-token tests. */
export const tokenColumn = (tokens: Iterable<string>): string =>
  ` ${[...tokens].sort().join(' ')} `;
const columnTokens = (column: string): string[] => column.trim().split(' ').filter(Boolean);

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/** Stores the document (or removes it, for null) and moves the term counts and totals. */
export async function writeDoc(
  trx: Kysely<Database>,
  kind: DocKind,
  refId: string,
  doc: AnalysedDoc | null,
): Promise<void> {
  const old = await trx
    .selectFrom('search_docs')
    .select(['doc_no', 'tokens', 'token_count'])
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .executeTakeFirst();
  const oldTokens = new Set(old === undefined ? [] : columnTokens(old.tokens));
  const newTokens = doc?.all.tokens ?? new Set<string>();
  if (doc === null) {
    if (old !== undefined)
      await trx.deleteFrom('search_docs').where('doc_no', '=', old.doc_no).execute();
  } else {
    const row = {
      tokens: tokenColumn(newTokens),
      title_tokens: tokenColumn(doc.title.tokens),
      token_count: newTokens.size,
    };
    if (old === undefined) {
      await trx
        .insertInto('search_docs')
        .values({ kind, ref_id: refId, ...row })
        .execute();
    } else {
      await trx.updateTable('search_docs').set(row).where('doc_no', '=', old.doc_no).execute();
    }
  }
  const docsChange = (doc === null ? 0 : 1) - (old === undefined ? 0 : 1);
  const tokensChange = newTokens.size - oldTokens.size;
  if (docsChange !== 0 || tokensChange !== 0) {
    await trx
      .updateTable('search_stats')
      .set((eb) => ({
        docs: eb('docs', '+', docsChange),
        tokens: eb('tokens', '+', tokensChange),
      }))
      .where('id', '=', 1)
      .execute();
  }
  await forgetTerms(
    trx,
    [...oldTokens].filter((t) => !newTokens.has(t)),
  );
  await countTerms(
    trx,
    [...newTokens].filter((t) => !oldTokens.has(t)),
    doc?.all ?? null,
  );
}

/** One document fewer holds each term; terms no document holds leave with their variants. */
async function forgetTerms(trx: Kysely<Database>, terms: string[]): Promise<void> {
  for (const batch of chunks(terms)) {
    await trx
      .updateTable('search_terms')
      .set((eb) => ({ df: eb('df', '-', 1) }))
      .where('term', 'in', batch)
      .execute();
    const gone = await trx
      .deleteFrom('search_terms')
      .where('term', 'in', batch)
      .where('df', '<=', 0)
      .returning('term')
      .execute();
    const goneTerms = gone.map((row) => row.term);
    if (goneTerms.length > 0) {
      await trx.deleteFrom('search_term_variants').where('term', 'in', goneTerms).execute();
    }
  }
}

export interface TermRow {
  term: string;
  df: number;
  suggest: 0 | 1;
  pinyin: string | null;
  initials: string | null;
}

/** The vocabulary row of a token: suggestion flag and keys when the text made it a word. */
export function termRow(term: string, df: number, text: AnalysedText | null): TermRow {
  const word = text?.words.get(term);
  return {
    term,
    df,
    suggest: word === undefined ? 0 : 1,
    pinyin: word?.keys?.pinyin ?? null,
    initials: word?.keys?.initials ?? null,
  };
}

/** The typo variants of the Latin terms long enough to be matched within one edit. */
export const variantRows = (terms: Iterable<string>): { variant: string; term: string }[] =>
  [...terms]
    .filter((term) => term.length >= TYPO_MIN_LENGTH && isLatin(term))
    .flatMap((term) => deletionVariants(term).map((variant) => ({ variant, term })));

/** One document more holds each term; new Latin terms bring their typo variants. */
async function countTerms(
  trx: Kysely<Database>,
  terms: string[],
  text: AnalysedText | null,
): Promise<void> {
  for (const batch of chunks(terms)) {
    await trx
      .insertInto('search_terms')
      .values(batch.map((term) => termRow(term, 1, text)))
      .onConflict((oc) =>
        oc.column('term').doUpdateSet((eb) => ({
          df: eb('search_terms.df', '+', 1),
          suggest: eb
            .case()
            .when('excluded.suggest', '=', 1)
            .then(1 as const)
            .else(eb.ref('search_terms.suggest'))
            .end(),
          pinyin: eb.fn.coalesce('search_terms.pinyin', 'excluded.pinyin'),
          initials: eb.fn.coalesce('search_terms.initials', 'excluded.initials'),
        })),
      )
      .execute();
  }
  await insertVariants(trx, variantRows(terms));
}

export async function insertVariants(
  trx: Kysely<Database>,
  rows: { variant: string; term: string }[],
): Promise<void> {
  for (const batch of chunks(rows)) {
    await trx
      .insertInto('search_term_variants')
      .values(batch)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Empties the whole index (before a rebuild). */
export async function clearIndex(trx: Kysely<Database>): Promise<void> {
  await trx.deleteFrom('search_docs').execute();
  await trx.deleteFrom('search_terms').execute();
  await trx.deleteFrom('search_term_variants').execute();
  await trx.updateTable('search_stats').set({ docs: 0, tokens: 0 }).where('id', '=', 1).execute();
}

/** Bulk writes of a rebuild: documents, then (once) the whole vocabulary and totals. */
export async function insertDocs(
  trx: Kysely<Database>,
  rows: { kind: DocKind; ref_id: string; doc: AnalysedDoc }[],
): Promise<void> {
  for (const batch of chunks(rows)) {
    await trx
      .insertInto('search_docs')
      .values(
        batch.map(({ kind, ref_id, doc }) => ({
          kind,
          ref_id,
          tokens: tokenColumn(doc.all.tokens),
          title_tokens: tokenColumn(doc.title.tokens),
          token_count: doc.all.tokens.size,
        })),
      )
      .execute();
  }
}

export async function insertTerms(trx: Kysely<Database>, rows: TermRow[]): Promise<void> {
  for (const batch of chunks(rows)) await trx.insertInto('search_terms').values(batch).execute();
}

export async function setTotals(
  trx: Kysely<Database>,
  docs: number,
  tokens: number,
): Promise<void> {
  await trx.updateTable('search_stats').set({ docs, tokens }).where('id', '=', 1).execute();
}
