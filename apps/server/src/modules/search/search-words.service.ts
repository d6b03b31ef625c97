import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType } from '@melon/db/enums';
import {
  SEARCH_HISTORY_MAX,
  SEARCH_WORDS_MAX,
  type HotWordList,
  type SearchPanelDetail,
  type SearchWord,
} from '@melon/shared/contracts/search';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { isWebIdentityQualified } from '../config/web-identity.repository.ts';
import { isBlockedBy } from './search-blocklist.ts';
import { listBlockedWords } from './search-blocklist.repository.ts';
import { logSearch, listTopSearchedWords, type HotWordRule } from './search-log.repository.ts';
import {
  deleteSearchWords,
  listSearchWords,
  recordSearchWord,
  trimSearchWords,
} from './search-history.repository.ts';
import { listTrending, TRENDING_WINDOW_MS } from '../plays/trending.repository.ts';
import { findItemCards, findListedChannel, listMostPlayed } from './search.repository.ts';
import { searchMessages as t } from './search.messages.ts';
import type { SearchEngine } from './search.service.ts';

/** Hot words count the searches and plays of the last day, as trending does. */
export const HOT_WINDOW_MS = TRENDING_WINDOW_MS;
/** The hot list is the same for everyone: built at most every few seconds. */
const HOT_CACHE_TTL_MS = 5000;
/**
 * Whose searches heat a word (decision 065): a household or an office behind one address counts
 * as three searchers at most, and a word is hot only once three addresses searched it, so one
 * address alone, however many browsers it makes, never puts a word on the list.
 */
const HOT_WORD_RULE: HotWordRule = { addressCap: 3, minAddresses: 3 };
/** The hottest searched words read to leave the blocked ones out of: a bounded read every 5 s. */
const HOT_CANDIDATES = 200;
/** Item types whose titles are offered as words: what the feeds show. */
const WORD_ITEM_TYPES = [ItemType.ShortVideo, ItemType.Album, ItemType.Series, ItemType.PSeries];

/** A word's id: the same for the same word, on every server (SPEC "word and id"). */
const wordId = (word: string): string =>
  createHash('sha256').update(word).digest('hex').slice(0, 16);

export const asSearchWord = (word: string): SearchWord => ({ word, id: wordId(word) });

/** How a search is kept: Latin letters in lower case, so 'MV' and 'mv' count as one word. */
export const loggedWord = (words: string): string => words.toLowerCase();

export interface SearchWordsDeps {
  db: Kysely<Database>;
  engine: SearchEngine;
  newId: () => string;
  now?: () => number;
}

/** Who made a search: a signed-in user, else a browser's web id; and from which address. */
export interface SearchedBy {
  userId: string | null;
  webId: string;
  address: string;
}

export function createSearchWordsService({ db, engine, newId, now = Date.now }: SearchWordsDeps) {
  const hotCache = createTtlCache<HotWordList>({ ttlMs: HOT_CACHE_TTL_MS, maxEntries: 1 });

  /**
   * The hot list: the words most people searched in the last 24 hours, then, to fill it, the
   * titles of the videos trending on plays in that time (decision 036); never a blocked word
   * (decision 065).
   */
  function hotList(): Promise<HotWordList> {
    return hotCache.get('hot', async () => {
      const at = now();
      const blocked = isBlockedBy((await listBlockedWords(db)).map((entry) => entry.word));
      const candidates = await listTopSearchedWords(db, {
        since: at - HOT_WINDOW_MS,
        rule: HOT_WORD_RULE,
        limit: HOT_CANDIDATES,
      });
      const searched = candidates.filter((entry) => !blocked(entry.word));
      const list: HotWordList['list'] = searched.slice(0, SEARCH_WORDS_MAX).map((entry) => ({
        ...asSearchWord(entry.word),
        hot_value: entry.viewers,
        source: 'search',
      }));
      if (list.length >= SEARCH_WORDS_MAX) return { list };
      const trending = await listTrending(db, { now: at, limit: SEARCH_WORDS_MAX });
      const titles = new Map(
        (
          await findItemCards(
            db,
            trending.map((entry) => entry.item_id),
          )
        ).map((row) => [row.id, row.title]),
      );
      const seen = new Set(list.map((entry) => entry.word));
      for (const entry of trending) {
        const title = titles.get(entry.item_id);
        if (title === undefined || seen.has(title) || blocked(title)) continue;
        if (list.length >= SEARCH_WORDS_MAX) break;
        seen.add(title);
        list.push({ ...asSearchWord(title), hot_value: entry.plays, source: 'play' });
      }
      return { list };
    });
  }

  async function hotWords(): Promise<SearchWord[]> {
    return (await hotList()).list.map(({ word, id }) => ({ word, id }));
  }

  return {
    hotList,
    hotWords,

    /** The box's placeholder: the hottest word, else an invitation to search. */
    async preset(): Promise<SearchWord> {
      const [first] = (await hotList()).list;
      return first ? { word: first.word, id: first.id } : asSearchWord(t.presetWord);
    },

    /**
     * 猜你想搜: the titles of the videos played most over the last day, in the channel of the
     * video the viewer came from when one is named (decision 036).
     */
    async guessWords(fromItemId: string | undefined): Promise<SearchWord[]> {
      const channelId = fromItemId ? await findListedChannel(db, fromItemId) : undefined;
      const items = await listMostPlayed(db, {
        itemTypes: WORD_ITEM_TYPES,
        since: now() - HOT_WINDOW_MS,
        limit: SEARCH_WORDS_MAX,
        ...(channelId === undefined ? {} : { channelId }),
        ...(fromItemId === undefined ? {} : { excludeId: fromItemId }),
      });
      return [...new Set(items.map((item) => item.title))].map(asSearchWord);
    },

    /** As-you-type completions of the words typed (pinyin prefixes included: the engine's). */
    async associative(prefix: string): Promise<SearchWord[]> {
      const words = prefix.trim();
      if (!words) return [];
      return (await engine.suggest(words, SEARCH_WORDS_MAX)).map(asSearchWord);
    },

    /** What the box shows when it opens empty. */
    async panel(userId: string | null): Promise<SearchPanelDetail> {
      const [history, hot] = await Promise.all([
        userId ? listSearchWords(db, userId, SEARCH_HISTORY_MAX) : [],
        hotWords(),
      ]);
      return { history, hot };
    },

    /**
     * A search was made (its first page): a signed-in viewer's history keeps it on top, and it
     * counts toward the hot words when a person made it — a signed-in viewer or a browser whose
     * web id qualified (decision 065); a script's fresh cookie-less calls count for nothing.
     */
    async searched(words: string, searcher: SearchedBy) {
      const at = now();
      const { userId, webId, address } = searcher;
      if (!userId && !(await isWebIdentityQualified(db, webId))) return;
      const viewerKey = userId ? `u:${userId}` : `w:${webId}`;
      await logSearch(db, {
        id: newId(),
        word: loggedWord(words),
        viewerKey,
        address,
        searchedAt: at,
      });
      if (!userId) return;
      await recordSearchWord(db, userId, words, at);
      await trimSearchWords(db, userId, SEARCH_HISTORY_MAX);
    },

    history: (userId: string) => listSearchWords(db, userId, SEARCH_HISTORY_MAX),

    async clearHistory(userId: string, words: readonly string[] | 'all') {
      return { deleted: await deleteSearchWords(db, userId, words) };
    },
  };
}
export type SearchWordsService = ReturnType<typeof createSearchWordsService>;
