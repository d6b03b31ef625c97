import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * The search index's copy of what the item policy and the ranking read of an item (issue 28,
 * decision 071). A search no longer joins each match to `items` and `item_media`: each item
 * document carries the item's visibility, type, length, publish time, plays, likes and
 * favourites, and its media row's state (null: no media row). Users' documents leave them null.
 *
 * The copy is kept by triggers, so every writer keeps it in step however it writes (a service,
 * the CLI, a migration, the demo seeding): a document takes its item's values when it is
 * written, an update of one of those item columns is copied to its document, and a media row
 * written or removed copies its state. The rules stay in the server's code: the values are
 * copied as they are, and the search applies the policy and the ranking to them.
 *
 * SQLite's FTS5 table follows the document's tokens only: its update trigger now fires on
 * `tokens`, so a copied play count does not rewrite the document's full-text entries.
 * PostgreSQL matches through one GIN index per kind (the kind is implied by the index, no
 * longer intersected with the (kind, ref_id) index), each with a pending list of at most
 * 512 kB: every search reads the whole list of entries not yet merged, up to 4 MB by default,
 * while writes without a list cost a whole index insertion each (a rebuild took six times as
 * long).
 *
 * Frozen: change the schema in a new migration.
 */

/** The item columns a document copies, named and typed as on `items` (nullable: users have none). */
const ITEM_COLUMN_TYPES = [
  ['visibility', 'integer'],
  ['item_type', 'integer'],
  ['duration_ms', 'integer'],
  ['publish_time', 'bigint'],
  ['play_count', 'bigint'],
  ['digg_count', 'bigint'],
  ['favorite_count', 'bigint'],
] as const;
const ITEM_COLUMNS = ITEM_COLUMN_TYPES.map(([column]) => column);
/** Every copied column: the item's, and its media row's state. */
const COPIED_COLUMNS = [...ITEM_COLUMNS, 'media_state'];
const itemColumns = ITEM_COLUMNS.join(', ');
/** `column = <from>.column, …` for the item columns. */
const setItemColumns = (from: string) =>
  ITEM_COLUMNS.map((column) => `${column} = ${from}.${column}`).join(', ');

/** Copies every item document's values from its item and media row. */
const COPY_ALL = `update search_docs set ${setItemColumns('i')}, media_state = m.state
  from items as i left join item_media as m on m.item_id = i.id
  where search_docs.kind = 'item' and i.id = search_docs.ref_id`;

const isPostgres = (db: Kysely<unknown>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

/** The FTS5 table follows the tokens only: a copied count leaves its entries alone. */
const SQLITE_FTS_ON_TOKENS = [
  'drop trigger search_docs_au',
  `create trigger search_docs_au after update of tokens on search_docs begin
    insert into search_fts(search_fts, rowid, tokens) values ('delete', old.doc_no, old.tokens);
    insert into search_fts(rowid, tokens) values (new.doc_no, new.tokens); end`,
];

const SQLITE_TRIGGERS = [
  `create trigger search_docs_item_copy after insert on search_docs when new.kind = 'item' begin
    update search_docs set ${setItemColumns('i')}, media_state = m.state
      from items as i left join item_media as m on m.item_id = i.id
      where search_docs.doc_no = new.doc_no and i.id = new.ref_id; end`,
  `create trigger search_copy_item after update of ${itemColumns} on items begin
    update search_docs set ${setItemColumns('new')} where kind = 'item' and ref_id = new.id; end`,
  `create trigger search_copy_media_insert after insert on item_media begin
    update search_docs set media_state = new.state where kind = 'item' and ref_id = new.item_id; end`,
  `create trigger search_copy_media_update after update of state on item_media begin
    update search_docs set media_state = new.state where kind = 'item' and ref_id = new.item_id; end`,
  `create trigger search_copy_media_delete after delete on item_media begin
    update search_docs set media_state = null where kind = 'item' and ref_id = old.item_id; end`,
];

const POSTGRES_INDEXES = [
  `create index search_docs_item_vec on search_docs using gin (vec)
    with (gin_pending_list_limit = 512) where kind = 'item'`,
  `create index search_docs_user_vec on search_docs using gin (vec)
    with (gin_pending_list_limit = 512) where kind = 'user'`,
];

const POSTGRES_TRIGGERS = [
  `create function search_docs_item_copy() returns trigger language plpgsql as $$
    begin
      select ${ITEM_COLUMNS.map((column) => `i.${column}`).join(', ')}, m.state
        into ${COPIED_COLUMNS.map((column) => `new.${column}`).join(', ')}
        from items as i left join item_media as m on m.item_id = i.id where i.id = new.ref_id;
      return new;
    end $$`,
  `create trigger search_docs_item_copy before insert on search_docs
    for each row when (new.kind = 'item') execute function search_docs_item_copy()`,
  `create function search_copy_item() returns trigger language plpgsql as $$
    begin
      update search_docs set ${setItemColumns('new')} where kind = 'item' and ref_id = new.id;
      return null;
    end $$`,
  `create trigger search_copy_item after update of ${itemColumns} on items
    for each row execute function search_copy_item()`,
  // NEW is null on delete: the state goes back to null (no media row).
  `create function search_copy_media() returns trigger language plpgsql as $$
    begin
      update search_docs set media_state = new.state
        where kind = 'item' and ref_id = coalesce(new.item_id, old.item_id);
      return null;
    end $$`,
  `create trigger search_copy_media after insert or update of state or delete on item_media
    for each row execute function search_copy_media()`,
];

/**
 * SQLite: the FTS5 trigger narrowed before the copy, so it does not rewrite every entry.
 * PostgreSQL: the old index dropped before the copy and the new ones built after it, once.
 */
const UP = {
  sqlite: [...SQLITE_FTS_ON_TOKENS, COPY_ALL, ...SQLITE_TRIGGERS],
  postgres: ['drop index search_docs_vec', COPY_ALL, ...POSTGRES_INDEXES, ...POSTGRES_TRIGGERS],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of [...ITEM_COLUMN_TYPES, ['media_state', 'text'] as const]) {
    await db.schema.alterTable('search_docs').addColumn(column, type).execute();
  }
  for (const statement of UP[isPostgres(db) ? 'postgres' : 'sqlite']) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = isPostgres(db)
    ? [
        'drop trigger search_docs_item_copy on search_docs',
        'drop trigger search_copy_item on items',
        'drop trigger search_copy_media on item_media',
        'drop function search_docs_item_copy()',
        'drop function search_copy_item()',
        'drop function search_copy_media()',
        'drop index search_docs_item_vec',
        'drop index search_docs_user_vec',
        'create index search_docs_vec on search_docs using gin (vec)',
      ]
    : [
        'drop trigger search_docs_item_copy',
        'drop trigger search_copy_item',
        'drop trigger search_copy_media_insert',
        'drop trigger search_copy_media_update',
        'drop trigger search_copy_media_delete',
        'drop trigger search_docs_au',
        `create trigger search_docs_au after update on search_docs begin
          insert into search_fts(search_fts, rowid, tokens) values ('delete', old.doc_no, old.tokens);
          insert into search_fts(rowid, tokens) values (new.doc_no, new.tokens); end`,
      ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const column of COPIED_COLUMNS) {
    await db.schema.alterTable('search_docs').dropColumn(column).execute();
  }
}
