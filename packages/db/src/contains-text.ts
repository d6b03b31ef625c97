import { sql, type RawBuilder } from 'kysely';

/** `!` escapes LIKE's wildcards and itself, so the words match as written. */
const escapeLike = (text: string): string => text.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * Whether the text column contains `words`, case-insensitively and with `%`, `_` read as
 * themselves: the same answer on SQLite (whose LIKE ignores ASCII case) and PostgreSQL (whose
 * LIKE does not), as both compare the lower-cased text.
 */
export function containsText(column: string, words: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(words.toLowerCase())}%`} escape '!'`;
}
