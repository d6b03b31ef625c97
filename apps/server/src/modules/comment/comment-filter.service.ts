import type { Kysely } from 'kysely';
import { lockUser } from '@melon/db/lock-user';
import type { Database } from '@melon/db/database';
import {
  FILTER_WORD_MAX_CHARS,
  FILTER_WORDS_MAX,
  type CommentFilterWord,
} from '@melon/shared/contracts/comment';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { invalid, notFound } from '../../lib/domain-error.ts';
import { commentMessages } from './comment.messages.ts';
import {
  countFilterWords,
  deleteFilterWord,
  findFilterWord,
  type FilterWordRow,
  insertFilterWord,
  listFilterWords,
} from './comment-filter.repository.ts';

export interface CommentFilterDeps {
  db: Kysely<Database>;
  newId: () => string;
  clock?: () => number;
}

const asWord = (row: FilterWordRow): CommentFilterWord => ({
  keyword_id: row.id,
  text: row.text,
});

/**
 * An author's comment filter words: a comment on their videos holding one is shown to its
 * writer only (decision 030). Adds run one at a time per author (the author's row is locked), so
 * the same word is kept once and the list stays within its limit.
 */
export function createCommentFilters({ db, newId, clock = Date.now }: CommentFilterDeps) {
  return {
    async list(userId: string): Promise<CommentFilterWord[]> {
      const rows = await listFilterWords(db, userId);
      return rows.map(asWord);
    },

    async add(userId: string, raw: string): Promise<CommentFilterWord> {
      const text = raw.trim();
      if (text.length === 0) throw invalid(commentMessages.filterEmpty, 'text');
      if (codePointLength(text) > FILTER_WORD_MAX_CHARS) {
        throw invalid(commentMessages.filterTooLong, 'text');
      }
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const existing = await findFilterWord(trx, userId, text);
        if (existing) return asWord(existing);
        if ((await countFilterWords(trx, userId)) >= FILTER_WORDS_MAX) {
          throw invalid(commentMessages.filterFull, 'text');
        }
        const word = { id: newId(), text };
        await insertFilterWord(trx, userId, word, clock());
        return asWord(word);
      });
    },

    async remove(userId: string, keywordId: string): Promise<void> {
      if (!(await deleteFilterWord(db, userId, keywordId))) {
        throw notFound(commentMessages.filterNotFound);
      }
    },
  };
}
