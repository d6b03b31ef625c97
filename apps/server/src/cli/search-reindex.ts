import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { rebuildIndex, type RebuildProgress } from '../modules/search-index/rebuild-index.ts';
import { withCliDatabase } from './cli-database.ts';

export interface ReindexIo {
  out: (line: string) => void;
  /** The progress bar, redrawn in place on a terminal, a line per step otherwise. */
  progress: (progress: RebuildProgress) => void;
  err: (line: string) => void;
  /** A database to use instead of the settings' (tests). */
  db?: Kysely<Database>;
}

const BAR_WIDTH = 30;

/** `[#####-----]  50% 500/1000`: the share of documents analysed and written. */
export function progressBar({ done, total }: RebuildProgress): string {
  const share = total === 0 ? 1 : done / total;
  const filled = Math.round(share * BAR_WIDTH);
  const percent = String(Math.round(share * 100)).padStart(3);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${percent}% ${done}/${total}`;
}

function terminalIo(): ReindexIo {
  const tty = process.stderr.isTTY;
  return {
    out: (line) => {
      console.log(line);
    },
    err: (line) => {
      console.error(line);
    },
    progress: (progress) => {
      const bar = progressBar(progress);
      if (!tty) process.stderr.write(`${bar}\n`);
      else process.stderr.write(`\r\x1b[2K${bar}${progress.done < progress.total ? '' : '\n'}`);
    },
  };
}

/**
 * `melon search reindex`: rebuilds the search index from the items and users in one
 * transaction (searches go on answering from the old index until it commits), with a progress
 * bar on stderr. Exit code: 0 done, 1 bad setting.
 */
export async function runSearchReindex(io: ReindexIo = terminalIo()): Promise<number> {
  return withCliDatabase(io, async (db) => {
    const started = performance.now();
    const { total } = await rebuildIndex(db, io.progress);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(`melon: search index rebuilt, ${total} documents in ${seconds} s`);
    return 0;
  });
}
