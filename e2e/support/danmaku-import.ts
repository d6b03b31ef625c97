import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `melon danmaku import` against the e2e server's database; answers the finished process. */
export function importDanmaku(itemId: string, file: string): SpawnSyncReturns<string> {
  return spawnSync(
    process.execPath,
    [path.join(ROOT, 'apps/server/src/cli/melon.ts'), 'danmaku', 'import', itemId, file],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, MELON_DATA_DIR: '.cache/e2e-data', DATABASE_URL: '' },
    },
  );
}
