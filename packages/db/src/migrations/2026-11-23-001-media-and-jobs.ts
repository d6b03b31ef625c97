import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

/*
 * Media and jobs. Frozen: change the schema in a new migration.
 *
 * - `jobs` is the embedded queue (DESIGN §1): a worker leases a queued job until
 *   `lease_expires_at`; a lease that runs out (a killed worker) makes the job takeable again.
 *   Failures go back to `queued` with a later `run_after` until `max_attempts`.
 * - `item_media` is an item's video: its source file, its state and, once ready, the packaged
 *   directory (relative to the media root) that manifests and segments live in. Nothing is
 *   served before `state = 'ready'`.
 * - `item_renditions` are the packaged renditions, one row per video rung and one for the audio,
 *   as SPEC §3 `video_list` / `dynamic_video` need them.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(oneOf('state', ['queued', 'running', 'succeeded', 'failed'])),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('progress', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress >= 0 and progress <= 100`),
    )
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('jobs_state_run_after_idx')
    .on('jobs')
    .columns(['state', 'run_after'])
    .execute();

  await db.schema
    .createTable('item_media')
    .addColumn('item_id', 'text', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('processing')
        .check(oneOf('state', ['processing', 'ready', 'failed'])),
    )
    .addColumn('source_path', 'text', (c) => c.notNull())
    .addColumn('package_dir', 'text')
    .addColumn('derived_dir', 'text')
    .addColumn('storyboard', 'text')
    .addColumn('max_fps', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('job_id', 'text', (c) => c.references('jobs.id').onDelete('set null'))
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('item_renditions')
    .addColumn('file_id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) =>
      c.notNull().references('item_media.item_id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['video', 'audio'])))
    .addColumn('definition', 'text')
    .addColumn('bitrate', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('fps', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('vwidth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vheight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hfr_variant', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`hfr_variant in (0, 1)`),
    )
    .addColumn('representation_id', 'integer', (c) => c.notNull())
    .addColumn('hls_playlist', 'text', (c) => c.notNull())
    .addColumn('init_segment', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('item_renditions_item_idx')
    .on('item_renditions')
    .columns(['item_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['item_renditions', 'item_media', 'jobs']) {
    await db.schema.dropTable(table).execute();
  }
}

function oneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
