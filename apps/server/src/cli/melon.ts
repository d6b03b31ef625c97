import { runBackup } from './backup.ts';
import { runCertificationReview } from './certification-review.ts';
import { runDanmakuImport } from './danmaku-import.ts';
import { runFeedback } from './feedback.ts';
import { runImport } from './import.ts';
import { runPayRefund } from './pay-refund.ts';
import { runSearchBlock } from './search-block.ts';
import { runSearchReindex } from './search-reindex.ts';
import { runSweep } from './sweep.ts';
import { runTort } from './tort.ts';
import { runGrantOperator } from './user-grant-operator.ts';
import { runVipCodes } from './vip-codes.ts';

const USAGE = [
  'usage: melon <command>',
  '  melon danmaku import <item_id> <file.xml>   import a bilibili danmaku pool',
  '  melon import <file> --title <title> [--user <user_id>] [--wait]',
  '                                              publish a video file; --wait shows progress',
  '  melon sweep                                 remove rows past their retention now',
  '  melon user grant-operator <user_id>         let the user open the search debug page',
  '  melon search reindex                        rebuild the search index (progress on stderr)',
  '  melon search block add <word> | remove <word> | list',
  '                                              keep words out of the hot words and placeholder',
  '  melon backup <file>                         copy the SQLite database while it runs',
  '  melon certification review <id> approve|reject [--reason <text>]',
  '                                              decide a creator certification application',
  '  melon vip codes --count <n> --days <d> [--valid-days <v>]',
  '                                              mint membership redeem codes (printed once)',
  '  melon pay refund <order_id>                 refund a paid order, taking back what it granted',
  '  melon tort list [--state <state>|all]       infringement claims, pending unless told',
  '  melon tort decide <id> --accept [--take-down] [--note <text>] | --reject [--note <text>]',
  '                                              decide a claim; --take-down deletes its videos',
  '  melon feedback list [--since <time>] [--category <category>]',
  '                                              feedback messages, oldest first',
  '  melon feedback close <id>                   close a feedback message once dealt with',
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
  if (command === 'search' && subcommand === 'block') return runSearchBlock(rest);
  if (command === 'backup') return runBackup(argv.slice(1));
  if (command === 'certification' && subcommand === 'review') {
    return runCertificationReview(rest);
  }
  if (command === 'vip' && subcommand === 'codes') return runVipCodes(rest);
  if (command === 'pay' && subcommand === 'refund') return runPayRefund(rest);
  if (command === 'tort') return runTort(argv.slice(1));
  if (command === 'feedback') return runFeedback(argv.slice(1));
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
