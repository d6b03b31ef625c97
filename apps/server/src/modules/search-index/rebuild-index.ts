import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { notDeleted } from '../item/item-listing.ts';
import {
  clearIndex,
  insertDocs,
  insertTerms,
  insertVariants,
  setTotals,
  termRow,
  variantRows,
  type AnalysedDoc,
  type DocKind,
} from './index-writes.ts';
import { analyseDoc, itemTexts, userTexts } from './search-documents.ts';
import { emptyAnalysis } from './text-analysis.ts';

/*
 * Rebuilds the whole index in one transaction, the caller's when in one (`melon search
 * reindex`, demo seeding; decision 035): the
 * documents in batches, the vocabulary and totals counted in memory and written once at the
 * end, so a rebuild costs a few statements per thousand documents instead of several per one.
 */

const BATCH = 1000;

export interface RebuildProgress {
  done: number;
  total: number;
}

export async function rebuildIndex(
  db: Kysely<Database>,
  onProgress: (progress: RebuildProgress) => void = () => undefined,
): Promise<RebuildProgress> {
  return inTransaction(db, async (trx) => {
    await clearIndex(trx);
    const itemIds = (
      await trx.selectFrom('items as i').select('i.id').where(notDeleted).orderBy('i.id').execute()
    ).map((row) => row.id);
    const userIds = (await trx.selectFrom('users').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );
    const total = itemIds.length + userIds.length;
    const vocabulary = emptyAnalysis();
    const df = new Map<string, number>();
    let tokens = 0;
    let docs = 0;
    let done = 0;
    const batches: [DocKind, string[], typeof itemTexts][] = [];
    for (let i = 0; i < itemIds.length; i += BATCH) {
      batches.push(['item', itemIds.slice(i, i + BATCH), itemTexts]);
    }
    for (let i = 0; i < userIds.length; i += BATCH) {
      batches.push(['user', userIds.slice(i, i + BATCH), userTexts]);
    }
    for (const [kind, ids, textsOf] of batches) {
      const texts = await textsOf(trx, ids);
      const rows: { kind: DocKind; ref_id: string; doc: AnalysedDoc }[] = [];
      for (const [id, text] of texts) {
        const doc = analyseDoc(text);
        rows.push({ kind, ref_id: id, doc });
        tokens += doc.all.tokens.size;
        for (const token of doc.all.tokens) df.set(token, (df.get(token) ?? 0) + 1);
        for (const [word, keys] of doc.all.words) vocabulary.words.set(word, keys);
      }
      await insertDocs(trx, rows);
      docs += rows.length;
      done += ids.length;
      onProgress({ done, total });
    }
    await insertTerms(
      trx,
      [...df].map(([term, count]) => termRow(term, count, vocabulary)),
    );
    await insertVariants(trx, variantRows(df.keys()));
    await setTotals(trx, docs, tokens);
    return { done, total };
  });
}
