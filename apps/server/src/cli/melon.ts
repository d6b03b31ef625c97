import { runDanmakuImport } from './danmaku-import.ts';

const USAGE = [
  'usage: melon <command>',
  '  melon danmaku import <item_id> <file.xml>   import a bilibili danmaku pool',
].join('\n');

/** Dispatches `melon <command> …` to its runner; each runner answers the exit code. */
async function main(argv: readonly string[]): Promise<number> {
  const [command, subcommand, ...rest] = argv;
  if (command === 'danmaku' && subcommand === 'import') return runDanmakuImport(rest);
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
