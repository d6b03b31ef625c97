import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';
import { currentSite } from './sites.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `melon <args>` against the database of the site this worker tests (SQLite in its data dir): the finished process. */
export function runMelon(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [path.join(ROOT, 'apps/server/src/cli/melon.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, MELON_DATA_DIR: currentSite().dataDir, DATABASE_URL: '' },
  });
}

/** `melon <args>`, which must succeed: what it printed, without the last line break. */
export function melon(...args: string[]): string {
  const result = runMelon(...args);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trimEnd();
}

/** Membership codes minted with `melon vip codes`, each good for `days` days. */
export const mintVipCodes = (count: number, days: number): string[] =>
  melon('vip', 'codes', '--count', String(count), '--days', String(days)).split('\n');
