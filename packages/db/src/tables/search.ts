import type { Generated } from 'kysely';
import type { Flag } from '../database.ts';
import type { ItemType, Visibility } from '../enums.ts';
import type { ItemMediaState } from './media.ts';

/* Row types of the search index, log, history and blocklist (decisions 035, 036, 065). */

/** One search made (decision 036): hot words count its word's distinct viewers over a day. */
export interface SearchLogTable {
  id: string;
  /** The search's words as typed, trimmed, Latin letters in lower case. */
  word: string;
  /** `u:<user id>` for a signed-in viewer, else `w:<web_id>`. */
  viewer_key: string;
  searched_at: number;
  /** The searcher's address, IPv6 by /64 ('' for searches kept before migration 027). */
  address: Generated<string>;
}

/** A word kept out of the hot list and the placeholder, in its compared form (decision 065). */
export interface SearchBlocklistTable {
  word: string;
  created_at: number;
}

/** A signed-in viewer's recent search: one row per word, its newest time. */
export interface SearchHistoryTable {
  user_id: string;
  word: string;
  searched_at: number;
}

/**
 * One searchable document (decision 035): an item or a user, with its analysed tokens
 * space-separated and wrapped in spaces. SQLite matches through the FTS5 table `search_fts`
 * (kept by triggers), PostgreSQL through the GIN-indexed tsvector column `vec` (generated).
 * An item's document also carries a copy of what the item policy and the ranking read of the
 * item (decision 071), written by triggers whenever the item or its media row changes; a
 * user's leaves them null.
 */
export interface SearchDocsTable {
  doc_no: Generated<number>;
  kind: 'item' | 'user';
  ref_id: string;
  /** Every token of the document, each once. */
  tokens: string;
  /** The tokens of its title (or user name), which weigh more. */
  title_tokens: string;
  token_count: number;
  visibility: Generated<Visibility | null>;
  item_type: Generated<ItemType | null>;
  duration_ms: Generated<number | null>;
  publish_time: Generated<number | null>;
  play_count: Generated<number | null>;
  digg_count: Generated<number | null>;
  favorite_count: Generated<number | null>;
  /** The item's media row's state; null without one (catalogue items). */
  media_state: Generated<ItemMediaState | null>;
}

/** The columns of an item document's listing copy (decision 071), named as on the item. */
export const LISTING_COPY_COLUMNS = [
  'visibility',
  'item_type',
  'duration_ms',
  'publish_time',
  'play_count',
  'digg_count',
  'favorite_count',
  'media_state',
] as const satisfies readonly (keyof SearchDocsTable)[];

/** A token of the index: how many documents hold it, and its suggestion keys for words. */
export interface SearchTermsTable {
  term: string;
  df: number;
  /** 1 for a word offered as a suggestion (a jieba word or a Latin word). */
  suggest: Generated<Flag>;
  /** Full pinyin of a Chinese word, without spaces; null otherwise. */
  pinyin: string | null;
  /** The initials of a Chinese word's syllables; null otherwise. */
  initials: string | null;
}

/** A Latin token and each of its one-deletion variants, for one-typo matching. */
export interface SearchTermVariantsTable {
  variant: string;
  term: string;
}

/** The one row of index totals (id 1): documents and tokens, for BM25's averages. */
export interface SearchStatsTable {
  id: number;
  docs: number;
  tokens: number;
}

export interface SearchTables {
  search_docs: SearchDocsTable;
  search_terms: SearchTermsTable;
  search_term_variants: SearchTermVariantsTable;
  search_stats: SearchStatsTable;
  search_log: SearchLogTable;
  search_history: SearchHistoryTable;
  search_blocklist: SearchBlocklistTable;
}
