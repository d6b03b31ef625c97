import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/**
 * Tables a refused request may change by design, with the reason:
 * - web_identities: the first request of a browser records its web_id, whatever the answer;
 * - auth_failures: a refused sign-in is counted, that is the point of the counter;
 * - captcha_solutions: a solved challenge is spent by the attempt it was solved for.
 */
const BOOKKEEPING_TABLES = new Set(['web_identities', 'auth_failures', 'captcha_solutions']);

/** Columns a refused request may change by design: a session's last sight, a code's tries. */
const BOOKKEEPING_COLUMNS: Record<string, readonly string[]> = {
  sessions: ['last_seen_at'],
  verification_codes: ['attempts'],
};

/** Every file under the data dir (uploads, avatars, media) with its size. */
function filesUnder(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(`${path.relative(root, full)}:${statSync(full).size}`);
    }
  };
  walk(root);
  return files.sort();
}

/** One hash per table (rows in a stable order) and one for the data dir's files. */
type StateDigest = Map<string, string>;

/** The names of the tables (or `files`) that differ between two digests. */
const changedParts = (before: StateDigest, after: StateDigest): string[] =>
  [...after].filter(([name, hash]) => before.get(name) !== hash).map(([name]) => name);

/**
 * SQLite's count of rows written on its one connection: while it stands still, no table
 * changed and the full digest can be skipped. PostgreSQL has none such: undefined.
 */
async function writeCounter(db: Kysely<Database>): Promise<(() => Promise<number>) | undefined> {
  const read = async () =>
    Number((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]?.n);
  try {
    await read();
    return read;
  } catch {
    return undefined;
  }
}

/**
 * Watches everything a request could change: every table's rows (bookkeeping left out) and the
 * data dir's files. Each call answers what changed since the call before. The full digest is
 * taken only when the files or (on SQLite) the count of written rows moved, so most requests
 * cost one small query and a directory walk.
 */
export async function createStateWatch(
  db: Kysely<Database>,
  dataDir: string,
  /** The keys of a media store outside the data dir (an S3 bucket), watched as its files are. */
  storedKeys: () => Promise<string[]> = () => Promise.resolve([]),
): Promise<() => Promise<string[]>> {
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !BOOKKEEPING_TABLES.has(name) && !name.startsWith('kysely_'));
  const writes = await writeCounter(db);
  const filesHash = async () =>
    createHash('sha1')
      .update([...filesUnder(dataDir), ...(await storedKeys()).sort()].join('\n'))
      .digest('hex');
  const digest = async (): Promise<StateDigest> => {
    const parts: StateDigest = new Map();
    for (const table of tables) {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)}`.execute(db);
      const hash = createHash('sha1');
      const skipped = BOOKKEEPING_COLUMNS[table] ?? [];
      const lines = rows.map((row) =>
        JSON.stringify(Object.entries(row).filter(([column]) => !skipped.includes(column))),
      );
      for (const line of lines.sort()) hash.update(line);
      parts.set(table, hash.digest('hex'));
    }
    parts.set('files', await filesHash());
    return parts;
  };
  let last = await digest();
  let lastWrites = await writes?.();
  return async () => {
    const nowWrites = await writes?.();
    const files = await filesHash();
    if (nowWrites !== undefined && nowWrites === lastWrites && files === last.get('files')) {
      return [];
    }
    const next = await digest();
    const changed = changedParts(last, next);
    last = next;
    lastWrites = nowWrites;
    return changed;
  };
}
