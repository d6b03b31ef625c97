import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The search index (issue 13, decision 035). One row per searchable document (an item or a
 * user) holds its pre-analysed tokens (jieba words, CJK unigrams and bigrams, Latin words,
 * pinyin and initials), space-separated with a space at each end. The engines only match:
 * SQLite keeps an FTS5 table over `tokens` (external content, kept by triggers), PostgreSQL a
 * GIN index over a stored tsvector built from the same tokens (no parser in between). Scores
 * are computed from `search_terms` (document frequencies) and `search_stats`, so both engines
 * rank alike. `search_terms` also feeds suggestions (by term, pinyin and initials prefixes)
 * and `search_term_variants` the one-typo lookup (deletion neighbourhoods). Frozen.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('search_docs')
    .addColumn('doc_no', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('tokens', 'text', (c) => c.notNull())
    .addColumn('title_tokens', 'text', (c) => c.notNull())
    .addColumn('token_count', 'integer', (c) => c.notNull())
    .addUniqueConstraint('search_docs_kind_ref', ['kind', 'ref_id'])
    .execute();
  if (postgres) {
    await sql`alter table search_docs add column vec tsvector generated always as (array_to_tsvector(string_to_array(btrim(tokens), ' '))) stored`.execute(
      db,
    );
    await sql`create index search_docs_vec on search_docs using gin (vec)`.execute(db);
  } else {
    await sql`create virtual table search_fts using fts5(tokens, content='search_docs', content_rowid='doc_no', tokenize='unicode61 remove_diacritics 0')`.execute(
      db,
    );
    await sql`create trigger search_docs_ai after insert on search_docs begin
      insert into search_fts(rowid, tokens) values (new.doc_no, new.tokens); end`.execute(db);
    await sql`create trigger search_docs_ad after delete on search_docs begin
      insert into search_fts(search_fts, rowid, tokens) values ('delete', old.doc_no, old.tokens); end`.execute(
      db,
    );
    await sql`create trigger search_docs_au after update on search_docs begin
      insert into search_fts(search_fts, rowid, tokens) values ('delete', old.doc_no, old.tokens);
      insert into search_fts(rowid, tokens) values (new.doc_no, new.tokens); end`.execute(db);
  }
  // Prefix range scans compare bytes on both engines: PostgreSQL's columns use the C collation.
  const key = postgres ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('search_terms')
    .addColumn('term', key, (c) => c.primaryKey())
    .addColumn('df', 'integer', (c) => c.notNull())
    .addColumn('suggest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinyin', key)
    .addColumn('initials', key)
    .execute();
  await db.schema.createIndex('search_terms_pinyin').on('search_terms').column('pinyin').execute();
  await db.schema
    .createIndex('search_terms_initials')
    .on('search_terms')
    .column('initials')
    .execute();
  await db.schema
    .createTable('search_term_variants')
    .addColumn('variant', key, (c) => c.notNull())
    .addColumn('term', key, (c) => c.notNull())
    .addPrimaryKeyConstraint('search_term_variants_pk', ['variant', 'term'])
    .execute();
  await db.schema
    .createIndex('search_term_variants_term')
    .on('search_term_variants')
    .column('term')
    .execute();
  await db.schema
    .createTable('search_stats')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('docs', 'integer', (c) => c.notNull())
    .addColumn('tokens', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into search_stats (id, docs, tokens) values (1, 0, 0)`.execute(db);
}

/** PostgreSQL or SQLite, from the executor's adapter (a failed probe would abort PG's transaction). */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
