import type { SpawnSyncReturns } from 'node:child_process';
import { runMelon } from './melon-cli.ts';

/** `melon danmaku import` against the e2e server's database; answers the finished process. */
export const importDanmaku = (itemId: string, file: string): SpawnSyncReturns<string> =>
  runMelon('danmaku', 'import', itemId, file);
