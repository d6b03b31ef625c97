import { runBackup } from './backup.ts';
import { runCertificationReview } from './certification-review.ts';
import { runDanmakuImport } from './danmaku-import.ts';
import { runImport } from './import.ts';
import { runSearchReindex } from './search-reindex.ts';
import { runSweep } from './sweep.ts';
import { runGrantOperator } from './user-grant-operator.ts';

const USAGE = [
  'usage: melon <command>',
  '  melon danmaku import <item_id> <file.xml>   import a bilibili danmaku pool',
  '  melon import <file> --title <title> [--user <user_id>] [--wait]',
  '                                              publish a video file; --wait shows progress',
  '  melon sweep                                 remove rows past their retention now',
  '  melon user grant-operator <user_id>         let the user open the search debug page',
  '  melon search reindex                        rebuild the search index (progress on stderr)',
  '  melon backup <file>                         copy the SQLite database while it runs',
  '  melon certification review <id> approve|reject [--reason <text>]',
  '                                              decide a creator certification application',
].join('\n');

/** Dispatches `melon <command> …` to its runner; each runner answers the exit code. */
async function main(argv: readonly string[]): Promise<number> {
  const [command, subcommand, ...rest] = argv;
  if (command === 'danmaku' && subcommand === 'import') return runDanmakuImport(rest);
  if (command === 'import') return runImport(argv.slice(1));
  if (command === 'sweep' && argv.length === 1) return runSweep();
  if (command === 'user' && subcommand === 'grant-operator') return runGrantOperator(rest);
  if (command === 'search' && subcommand === 'reindex' && rest.length === 0) {
    return runSearchReindex();
  }
  if (command === 'backup') return runBackup(argv.slice(1));
  if (command === 'certification' && subcommand === 'review') {
    return runCertificationReview(rest);
  }
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
