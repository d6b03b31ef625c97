import type { Kysely, Selectable } from 'kysely';
import type { Database } from '@melon/db/database';

export type ChannelRow = Selectable<Database['channels']>;

export function listChannels(db: Kysely<Database>): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export function findChannelByPinyin(db: Kysely<Database>, pinyin: string) {
  return db.selectFrom('channels').selectAll().where('pinyin', '=', pinyin).executeTakeFirst();
}

/** The largest id a channel can have: the column is a 32-bit integer on PostgreSQL. */
const LARGEST_CHANNEL_ID = 2 ** 31 - 1;

/** The channel, or undefined for an unknown id (one past the column's range included). */
export async function findChannelById(db: Kysely<Database>, id: number) {
  if (!Number.isInteger(id) || id < 1 || id > LARGEST_CHANNEL_ID) return undefined;
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countChannels(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('channels')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChannels(
  db: Kysely<Database>,
  rows: Omit<ChannelRow, 'created_at'>[],
  now: number,
): Promise<void> {
  await db
    .insertInto('channels')
    .values(rows.map((row) => ({ ...row, created_at: now })))
    .execute();
}
