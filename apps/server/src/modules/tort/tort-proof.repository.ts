import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '@melon/db/database';
import type { TortProofImagesTable } from '@melon/db/tables/tort';

type Db = Kysely<Database>;
export type TortProofRow = Selectable<TortProofImagesTable>;

export async function insertTortProof(
  db: Db,
  row: Insertable<TortProofImagesTable>,
): Promise<void> {
  await db.insertInto('tort_proof_images').values(row).execute();
}

/** The proof picture with this id, whoever uploaded it. */
export function findTortProof(db: Db, id: string): Promise<TortProofRow | undefined> {
  return db.selectFrom('tort_proof_images').selectAll().where('id', '=', id).executeTakeFirst();
}
