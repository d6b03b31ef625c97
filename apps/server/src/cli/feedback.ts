import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { FEEDBACK_CATEGORIES, type FeedbackCategory } from '@melon/shared/contracts/feedback';
import { isMixId } from '@melon/shared/ids/id-rules';
import { privateMediaLocation } from '../storage/media-url.ts';
import {
  closeFeedback,
  type FeedbackRow,
  findFeedback,
  imageUrisOf,
  listFeedback,
} from '../modules/feedback/feedback.repository.ts';
import { withCliDatabase } from './cli-database.ts';
import { terminalLines, terminalText as safe } from './terminal-text.ts';

export interface FeedbackIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A database to use instead of the settings' (tests). */
  db?: Kysely<Database>;
}

const USAGE = [
  'usage: melon feedback list [--since <YYYY-MM-DD|ISO time>] [--category <category>]',
  `       categories: ${FEEDBACK_CATEGORIES.join(' ')}`,
  '       melon feedback close <id>',
].join('\n');

interface ListFilter {
  since?: number;
  category?: FeedbackCategory;
}

/** The filter the flags give, in any order; undefined for a bad usage. */
function filterOf(args: readonly string[]): ListFilter | undefined {
  const filter: ListFilter = {};
  for (let at = 0; at < args.length; at += 2) {
    const [flag, value] = [args[at], args[at + 1]];
    if (value === undefined) return undefined;
    if (flag === '--since' && filter.since === undefined) {
      const since = Date.parse(value);
      if (Number.isNaN(since)) return undefined;
      filter.since = since;
    } else if (flag === '--category' && filter.category === undefined) {
      const category = FEEDBACK_CATEGORIES.find((known) => known === value);
      if (category === undefined) return undefined;
      filter.category = category;
    } else {
      return undefined;
    }
  }
  return filter;
}

const time = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** A message as the operator reads it: its line, who sent it, the client, screenshots, words. */
function messageLines(row: FeedbackRow, imageUris: readonly string[]): string[] {
  const closed = row.closed_at === null ? '' : ` closed ${time(row.closed_at)} UTC`;
  const sender = row.user_id === null ? `visitor ${safe(row.web_id)}` : `user ${row.user_id}`;
  const contact = row.contact ? `  contact: ${safe(row.contact)}` : '';
  const client = Object.entries(JSON.parse(row.client) as Record<string, string>)
    .map(([key, value]) => `${safe(key)}=${safe(value)}`)
    .join(' ');
  return [
    `${row.id}  ${row.state}  ${row.category}  sent ${time(row.created_at)} UTC${closed}`,
    `  from: ${sender}${contact}`,
    ...(client ? [`  client: ${client}`] : []),
    ...imageUris.map((uri) => `  screenshot: ${privateMediaLocation(uri)}`),
    ...terminalLines(row.description).map((line) => `  | ${line}`),
  ];
}

async function list(db: Kysely<Database>, filter: ListFilter, io: FeedbackIo) {
  const rows = await listFeedback(db, filter);
  const images = await imageUrisOf(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    for (const line of messageLines(row, images.get(row.id) ?? [])) io.out(line);
  }
  io.err(`melon: ${rows.length} feedback message(s)`);
  return 0;
}

async function close(db: Kysely<Database>, id: string, io: FeedbackIo) {
  if (await closeFeedback(db, id, Date.now())) {
    io.out(`melon: feedback ${id} closed`);
    return 0;
  }
  const known = await findFeedback(db, id);
  io.err(known ? `melon: feedback ${id} was closed already` : `melon: no feedback ${id}`);
  return 1;
}

/**
 * `melon feedback list` and `melon feedback close` (decision 060): the feedback messages,
 * oldest first, since a time and of a category when told, and closing one once dealt with.
 * Exit code: 0 done, 1 unknown or already closed message or bad setting, 2 bad usage.
 */
export async function runFeedback(
  args: readonly string[],
  io: FeedbackIo = { out: console.log, err: console.error },
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list') {
    const filter = filterOf(rest);
    if (filter !== undefined) return withCliDatabase(io, (db) => list(db, filter, io));
  }
  if (command === 'close') {
    const [id, ...extra] = rest;
    if (id !== undefined && isMixId(id) && extra.length === 0) {
      return withCliDatabase(io, (db) => close(db, id, io));
    }
  }
  io.err(USAGE);
  return 2;
}
