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

export interface StateDigest {
  /** One hash per table (rows in a stable order) and one for the data dir's files. */
  parts: Map<string, string>;
}

/** What changed between two digests: the names of the tables (or `files`) that differ. */
export const changedParts = (before: StateDigest, after: StateDigest): string[] =>
  [...after.parts].filter(([name, hash]) => before.parts.get(name) !== hash).map(([name]) => name);

/**
 * A digest of everything a request could change: every table's rows (bookkeeping left out) and
 * the data dir's files. Small worlds make it cheap enough to take after every request.
 */
export async function createStateDigester(
  db: Kysely<Database>,
  dataDir: string,
): Promise<() => Promise<StateDigest>> {
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !BOOKKEEPING_TABLES.has(name) && !name.startsWith('kysely_'));
  return async () => {
    const parts = new Map<string, string>();
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
    parts.set('files', createHash('sha1').update(filesUnder(dataDir).join('\n')).digest('hex'));
    return { parts };
  };
}
