import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeBilibiliXml } from '@melon/danmaku/bilibili-xml';
import { fixturePool } from '@melon/danmaku/fixture-pool.testing';

const melonCli = fileURLToPath(new URL('../../apps/server/src/cli/melon.ts', import.meta.url));

/**
 * Gives an item of a running demo site a pool of `count` danmaku made of the real bilibili pools
 * (fixtures/danmaku), spread over `spanMs` of the video, as an operator would: bilibili XML
 * imported with `melon danmaku import` into the site's data directory.
 */
export async function importRealPool(options: {
  dataDir: string;
  itemId: string;
  count: number;
  spanMs: number;
}): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'melon-pool-'));
  const file = path.join(folder, 'pool.xml');
  try {
    writeFileSync(file, writeBilibiliXml(fixturePool(options.count, options.spanMs)));
    await promisify(execFile)(
      process.execPath,
      [melonCli, 'danmaku', 'import', options.itemId, file],
      { env: { ...process.env, MELON_DATA_DIR: options.dataDir, DATABASE_URL: '' } },
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
