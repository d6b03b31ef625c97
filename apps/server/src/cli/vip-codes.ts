import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { groupVipCode } from '@melon/shared/vip/vip-code';
import { mintVipCodes, type MintRequest } from '../modules/vip-codes/vip-code-mint.ts';
import { withCliDatabase } from './cli-database.ts';
import { progressBar } from './search-reindex.ts';

export interface VipCodesIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A database to use instead of the settings' (tests). */
  db?: Kysely<Database>;
}

const USAGE = 'usage: melon vip codes --count <1-100000> --days <1-3650> [--valid-days <1-3650>]';
const LIMITS = { count: 100_000, days: 3650, validDays: 3650 };
const DEFAULT_VALID_DAYS = 365;
/** From this many codes on, the minting's progress shows on stderr. */
const PROGRESS_FROM = 1000;

/** The value of a whole-number flag within 1..max; undefined when bad. */
function wholeNumber(text: string | undefined, max: number): number | undefined {
  if (text === undefined || !/^[1-9]\d*$/.test(text)) return undefined;
  const value = Number(text);
  return value <= max ? value : undefined;
}

/** The request the flags give, in any order; undefined for a bad usage. */
function requestOf(args: readonly string[]): Omit<MintRequest, 'nowMs'> | undefined {
  const flags = new Map<string, string>();
  for (let n = 0; n < args.length; n += 2) {
    const [flag, value] = [args[n], args[n + 1]];
    if (flag === undefined || value === undefined || flags.has(flag)) return undefined;
    flags.set(flag, value);
  }
  const count = wholeNumber(flags.get('--count'), LIMITS.count);
  const days = wholeNumber(flags.get('--days'), LIMITS.days);
  const validText = flags.get('--valid-days');
  const validDays =
    validText === undefined ? DEFAULT_VALID_DAYS : wholeNumber(validText, LIMITS.validDays);
  const known = [...flags.keys()].every((flag) =>
    ['--count', '--days', '--valid-days'].includes(flag),
  );
  if (!known || count === undefined || days === undefined || validDays === undefined) {
    return undefined;
  }
  return { count, days, validDays };
}

/**
 * `melon vip codes --count N --days D [--valid-days V]`: mints N membership redeem codes of D
 * days each, redeemable for V days (365 unless told; decision 052). The codes go to stdout, one
 * a line, grouped `XXXX-XXXX-XXXX-XXXX`: they are stored only as hashes, so this is the one
 * chance to keep them. Progress and the summary go to stderr. Exit code: 0 minted, 1 bad
 * setting, 2 bad usage.
 */
export async function runVipCodes(
  args: readonly string[],
  io: VipCodesIo = { out: console.log, err: console.error },
): Promise<number> {
  const request = requestOf(args);
  if (!request) {
    io.err(USAGE);
    return 2;
  }
  return withCliDatabase(io, async (db) => {
    const onProgress = (done: number, total: number) => {
      if (total >= PROGRESS_FROM) io.err(progressBar({ done, total }));
    };
    const codes = await mintVipCodes(db, { ...request, nowMs: Date.now() }, onProgress);
    for (const code of codes) io.out(groupVipCode(code));
    io.err(
      `melon: ${codes.length} codes of ${request.days} days, redeemable for ${request.validDays} days`,
    );
    return 0;
  });
}
