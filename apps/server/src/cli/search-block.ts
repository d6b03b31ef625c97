import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { isSingleLineText } from '@melon/shared/display-text';
import { SEARCH_KEYWORD_MAX_LENGTH } from '@melon/shared/contracts/search';
import { blockedForm } from '../modules/search/search-blocklist.ts';
import {
  addBlockedWord,
  listBlockedWords,
  removeBlockedWord,
} from '../modules/search/search-blocklist.repository.ts';
import { withCliDatabase } from './cli-database.ts';
import { terminalText } from './terminal-text.ts';

export interface SearchBlockIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A database to use instead of the settings' (tests). */
  db?: Kysely<Database>;
}

const USAGE = [
  'usage: melon search block add <word>',
  '       melon search block remove <word>',
  '       melon search block list',
  `       a word is one argument (quote spaces), 1–${SEARCH_KEYWORD_MAX_LENGTH} characters on one line`,
].join('\n');

/** The word's compared form, or undefined when it is no word a search could hold. */
function wordOf(args: readonly string[]): string | undefined {
  const [word, ...extra] = args;
  if (word === undefined || extra.length > 0) return undefined;
  if (word.length > SEARCH_KEYWORD_MAX_LENGTH || !isSingleLineText(word)) return undefined;
  return blockedForm(word) || undefined;
}

const time = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

async function list(db: Kysely<Database>, io: SearchBlockIo) {
  const rows = await listBlockedWords(db);
  for (const row of rows) io.out(`${terminalText(row.word)}  blocked ${time(row.created_at)} UTC`);
  io.err(`melon: ${rows.length} blocked word(s)`);
  return 0;
}

async function add(db: Kysely<Database>, word: string, io: SearchBlockIo) {
  const added = await addBlockedWord(db, word, Date.now());
  io.out(`melon: ${word} ${added ? 'is now blocked' : 'was blocked already'}`);
  return 0;
}

async function remove(db: Kysely<Database>, word: string, io: SearchBlockIo) {
  if (await removeBlockedWord(db, word)) {
    io.out(`melon: ${word} is no longer blocked`);
    return 0;
  }
  io.err(`melon: ${word} was not blocked`);
  return 1;
}

/**
 * `melon search block add|remove|list` (decision 065): the words kept out of the hot words and
 * the search box's placeholder, stored in their compared form (lower case, simplified, no
 * spaces); a hot word holding one never shows. Searches for them still answer. Exit code: 0
 * done, 1 removing a word not blocked or bad setting, 2 bad usage.
 */
export async function runSearchBlock(
  args: readonly string[],
  io: SearchBlockIo = { out: console.log, err: console.error },
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) return withCliDatabase(io, (db) => list(db, io));
  const word = wordOf(rest);
  if (command === 'add' && word !== undefined) {
    return withCliDatabase(io, (db) => add(db, word, io));
  }
  if (command === 'remove' && word !== undefined) {
    return withCliDatabase(io, (db) => remove(db, word, io));
  }
  io.err(USAGE);
  return 2;
}
