import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * The cinema's change log (issue 28, decision 073). The filter page answers from an album
 * snapshot each web process keeps in memory; `cinema_changes` names every album whose listing,
 * filter values, sort keys or card may have changed, written by triggers, so a write from any
 * process (the server, a worker, the CLI, another web process) is seen however it was made. A
 * snapshot reads the rows after the last it read and reloads those albums.
 *
 * What the snapshot reads, and so what is logged: an album's row (insert, update, delete), its
 * episodes' rows, the item of an album or of an episode (its visibility, plays, title, covers,
 * publish time) and their media rows (the item policy hides a processing or failed one).
 *
 * Where a reader stands: SQLite writes one transaction at a time, so ids grow in commit order
 * and a reader remembers the last id it read. PostgreSQL takes ids when rows are written, not
 * when they commit, so each row also keeps its transaction (`xid`); a reader remembers the
 * oldest transaction still open when it read (`pg_snapshot_xmin`) and next reads every row of
 * that transaction or a later one. The sweeps remove rows older than the snapshot ever reads.
 *
 * Frozen: change the schema in a new migration.
 */

/** The albums an item belongs to: its own album row, or the albums it is an episode of. */
const albumsOfItem = (item: string) =>
  `select item_id from albums where item_id = ${item}
     union select album_id from album_episodes where item_id = ${item}`;

/** The item columns the snapshot reads, for album items and episode items alike. */
const ITEM_COLUMNS =
  'visibility, play_count, title, cover_large_uri, cover_middle_uri, publish_time';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
  await db.schema
    .createIndex('cinema_changes_changed_at_idx')
    .on('cinema_changes')
    .column('changed_at')
    .execute();
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  // autoincrement: an id is never used again, even after the sweeps emptied the table.
  await sql`
    create table cinema_changes (
      id integer primary key autoincrement,
      album_id text not null,
      changed_at integer not null
        default (cast((julianday('now') - 2440587.5) * 86400000 as integer))
    )
  `.execute(db);
  const log = (albums: string) => `insert into cinema_changes (album_id) ${albums};`;
  const triggers = {
    cinema_changes_album_insert: `after insert on albums begin ${log('values (new.item_id)')} end`,
    cinema_changes_album_update: `after update on albums begin
      ${log('select old.item_id union select new.item_id')} end`,
    cinema_changes_album_delete: `after delete on albums begin ${log('values (old.item_id)')} end`,
    cinema_changes_episode_insert: `after insert on album_episodes begin
      ${log('values (new.album_id)')} end`,
    cinema_changes_episode_update: `after update on album_episodes begin
      ${log('select old.album_id union select new.album_id')} end`,
    cinema_changes_episode_delete: `after delete on album_episodes begin
      ${log('values (old.album_id)')} end`,
    cinema_changes_item_update: `after update of ${ITEM_COLUMNS} on items begin
      ${log(albumsOfItem('new.id'))} end`,
    cinema_changes_media_insert: `after insert on item_media begin
      ${log(albumsOfItem('new.item_id'))} end`,
    cinema_changes_media_update: `after update of state on item_media begin
      ${log(albumsOfItem('new.item_id'))} end`,
    cinema_changes_media_delete: `after delete on item_media begin
      ${log(albumsOfItem('old.item_id'))} end`,
  };
  for (const [name, body] of Object.entries(triggers)) {
    await sql.raw(`create trigger ${name} ${body}`).execute(db);
  }
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cinema_changes (
      id bigserial primary key,
      album_id text not null,
      changed_at bigint not null
        default (extract(epoch from clock_timestamp()) * 1000)::bigint,
      xid xid8 not null default pg_current_xact_id()
    )
  `.execute(db);
  await sql`create index cinema_changes_xid_idx on cinema_changes (xid)`.execute(db);
  // Each function logs the albums of the row written; OLD is null on insert, NEW on delete.
  const functions = {
    cinema_changes_of_album: `insert into cinema_changes (album_id)
      select distinct id from unnest(array[old.item_id, new.item_id]) as id where id is not null;`,
    cinema_changes_of_episode: `insert into cinema_changes (album_id)
      select distinct id from unnest(array[old.album_id, new.album_id]) as id where id is not null;`,
    cinema_changes_of_item: `insert into cinema_changes (album_id) ${albumsOfItem('new.id')};`,
    cinema_changes_of_media: `insert into cinema_changes (album_id)
      ${albumsOfItem('coalesce(new.item_id, old.item_id)')};`,
  };
  for (const [name, body] of Object.entries(functions)) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
         begin ${body} return null; end $$`,
      )
      .execute(db);
  }
  const triggers = {
    cinema_changes_album: `after insert or update or delete on albums
      for each row execute function cinema_changes_of_album()`,
    cinema_changes_episode: `after insert or update or delete on album_episodes
      for each row execute function cinema_changes_of_episode()`,
    cinema_changes_item: `after update of ${ITEM_COLUMNS} on items
      for each row execute function cinema_changes_of_item()`,
    cinema_changes_media: `after insert or update of state or delete on item_media
      for each row execute function cinema_changes_of_media()`,
  };
  for (const [name, body] of Object.entries(triggers)) {
    await sql.raw(`create trigger ${name} ${body}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping the table drops its triggers' targets; the triggers live on the other tables.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [trigger, table] of [
      ['cinema_changes_album', 'albums'],
      ['cinema_changes_episode', 'album_episodes'],
      ['cinema_changes_item', 'items'],
      ['cinema_changes_media', 'item_media'],
    ]) {
      await sql.raw(`drop trigger ${trigger} on ${table}`).execute(db);
    }
    for (const name of ['album', 'episode', 'item', 'media']) {
      await sql.raw(`drop function cinema_changes_of_${name}()`).execute(db);
    }
  } else {
    for (const row of ['album', 'episode', 'media']) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger cinema_changes_${row}_${event}`).execute(db);
      }
    }
    await sql`drop trigger cinema_changes_item_update`.execute(db);
  }
  await db.schema.dropTable('cinema_changes').execute();
}
