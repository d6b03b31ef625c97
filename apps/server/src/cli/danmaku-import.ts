import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { claimIdWorker } from '@melon/db/id-worker';
import { openDatabase } from '@melon/db/open-database';
import { createIdGenerator } from '@melon/shared/ids/id';
import { DomainError } from '../lib/domain-error.ts';
import { importBilibiliXml } from '../modules/danmaku/danmaku.service.ts';
import { loadSettings, SettingsError } from '../settings.ts';
import { prepareDatabase } from '../startup/prepare-database.ts';
import { terminalText } from './terminal-text.ts';

export interface DanmakuImportIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A database to use instead of the one the settings name (tests), and its ids. */
  db?: Kysely<Database>;
  newId?: () => string;
}

const USAGE = 'usage: melon danmaku import <item_id> <file.xml>';

/**
 * `melon danmaku import <item_id> <file.xml>`: argv is what follows `danmaku import`.
 * Prints the count per mode and answers the exit code: 0 imported, 1 failed, 2 bad usage.
 */
export async function runDanmakuImport(
  argv: readonly string[],
  io: DanmakuImportIo = { out: console.log, err: console.error },
): Promise<number> {
  const [itemId, file] = argv;
  if (argv.length !== 2 || !itemId || !file || !/^[0-9]{1,19}$/.test(itemId)) {
    io.err(USAGE);
    return 2;
  }
  let xml: string;
  try {
    xml = await readFile(file, 'utf8');
  } catch (error) {
    io.err(`melon: cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  let close: (() => Promise<void>) | undefined;
  try {
    let db = io.db;
    let newId = io.newId;
    if (!db) {
      const settings = loadSettings();
      const database = openDatabase({
        databaseUrl: settings.databaseUrl,
        dataDir: settings.dataDir,
      });
      // A worker number no running process holds: ids made here never collide with theirs.
      const idWorker = await claimIdWorker(database, settings.dataDir);
      close = async () => {
        await idWorker.release();
        await database.close();
      };
      db = database.db;
      newId = createIdGenerator({ workerId: idWorker.workerId });
      await prepareDatabase(database, settings.dataDir, () => undefined);
    }
    const result = await importBilibiliXml(db, itemId, xml, newId ?? createIdGenerator());
    io.out(`imported ${result.total} danmaku into item ${itemId}`);
    for (const [mode, count] of Object.entries(result.byMode)) io.out(`  ${mode}: ${count}`);
    for (const [mode, count] of Object.entries(result.byBilibiliMode)) {
      io.out(`  bilibili mode ${mode}: ${count}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof DomainError || error instanceof SettingsError) {
      io.err(`melon: ${error.message}`);
      return 1;
    }
    if (error instanceof Error && error.name === 'XmlSyntaxError') {
      // The parser quotes the file, which came from another site.
      io.err(`melon: ${file} is not valid XML, nothing imported: ${terminalText(error.message)}`);
      return 1;
    }
    throw error;
  } finally {
    await close?.();
  }
}
