import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/** A `melon` command's entry: its arguments, where its lines go, and a database for tests. */
type CliCommand = (
  args: readonly string[],
  io: { out: (line: string) => void; err: (line: string) => void; db?: Kysely<Database> },
) => Promise<number>;

/** Runs `command` on `db` with its printed lines kept: what a test of `melon <command>` reads. */
export async function runCliCommand(
  command: CliCommand,
  db: Kysely<Database>,
  args: readonly string[],
): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(args, {
    db,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}
