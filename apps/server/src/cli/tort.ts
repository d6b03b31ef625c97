import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { TORT_STATES, type TortState } from '@melon/shared/contracts/tort';
import { isMixId } from '@melon/shared/ids/id-rules';
import { mediaUrl, privateMediaLocation } from '../storage/media-url.ts';
import { type ClaimWithParts, withParts } from '../modules/tort/tort-claims.ts';
import { decideTortClaim, type TortVerdict } from '../modules/tort/tort-decision.ts';
import { TORT_PROOF_DIR } from '../modules/tort/tort-proof.service.ts';
import { listClaimsIn } from '../modules/tort/tort.repository.ts';
import type { Settings } from '../settings.ts';
import { announceItemAccess } from './announce-item-access.ts';
import { withCliDatabase } from './cli-database.ts';
import { terminalLines, terminalText as safe } from './terminal-text.ts';

export interface TortIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A database to use instead of the settings' (tests). */
  db?: Kysely<Database>;
}

const USAGE = [
  'usage: melon tort list [--state pending|accepted|rejected|all]',
  '       melon tort decide <id> --accept [--take-down] [--note <text>]',
  '       melon tort decide <id> --reject [--note <text>]',
].join('\n');
const NOTE_MAX_LENGTH = 200;

/** The states `list` shows: pending unless told; undefined for a bad usage. */
function statesOf(args: readonly string[]): TortState | 'all' | undefined {
  if (args.length === 0) return 'pending';
  const [flag, value, ...extra] = args;
  if (flag !== '--state' || extra.length > 0) return undefined;
  if (value === 'all') return 'all';
  return TORT_STATES.find((state) => state === value);
}

/** The verdict the flags give, in any order; undefined for a bad usage. */
function verdictOf(args: readonly string[]): TortVerdict | undefined {
  const rest = [...args];
  const take = (flag: string) => {
    const at = rest.indexOf(flag);
    if (at >= 0) rest.splice(at, 1);
    return at >= 0;
  };
  const noteAt = rest.indexOf('--note');
  const note = noteAt >= 0 ? rest.splice(noteAt, 2)[1]?.trim() : '';
  const [accept, reject, takeDown] = [take('--accept'), take('--reject'), take('--take-down')];
  if (rest.length > 0 || note === undefined || note.length > NOTE_MAX_LENGTH) return undefined;
  if (noteAt >= 0 && note === '') return undefined;
  if (accept && !reject) return { state: 'accepted', takeDown, note };
  if (reject && !accept && !takeDown) return { state: 'rejected', note };
  return undefined;
}

/**
 * Where the operator finds a proof: a private one by its key in media storage (under the data
 * dir's media/ on disk, or in the bucket), never served publicly; an older claim's comment
 * picture at its public address.
 */
const proofLocation = (uri: string) =>
  uri.startsWith(`${TORT_PROOF_DIR}/`) ? privateMediaLocation(uri) : mediaUrl(uri);

const time = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** A claim as the operator reads it: its line, the contact, the videos, the proofs, the words. */
function claimLines({ row, items, proofUris }: ClaimWithParts): string[] {
  const decided = row.decided_at === null ? '' : ` decided ${time(row.decided_at)} UTC`;
  const takenDown = row.taken_down === 1 ? ' (taken down)' : '';
  return [
    `${row.id}  ${row.state}${takenDown}  filed ${time(row.created_at)} UTC${decided}`,
    `  claimant: ${row.claimant_kind} ${safe(row.claimant_name)}  ${safe(row.mobile)}  ${safe(row.email)}  (user ${row.claimant_id})`,
    `  right: ${row.right_kind}`,
    ...items.map((item) => `  video: ${item.item_id}  ${safe(item.title)}`),
    ...proofUris.map((uri) => `  proof: ${proofLocation(uri)}`),
    ...terminalLines(row.description).map((line) => `  | ${line}`),
    ...(row.decision_note ? [`  note: ${safe(row.decision_note)}`] : []),
  ];
}

async function list(db: Kysely<Database>, states: TortState | 'all', io: TortIo) {
  const claims = await withParts(db, await listClaimsIn(db, states === 'all' ? undefined : states));
  for (const line of claims.flatMap(claimLines)) io.out(line);
  io.err(`melon: ${claims.length} claim(s)`);
  return 0;
}

async function decide(
  db: Kysely<Database>,
  settings: () => Settings,
  id: string,
  verdict: TortVerdict,
  io: TortIo,
) {
  const outcome = await decideTortClaim(db, id, verdict);
  if (!outcome.ok) {
    io.err(
      outcome.reason === 'unknown'
        ? `melon: no infringement claim ${id}`
        : `melon: claim ${id} was decided already`,
    );
    return 1;
  }
  const taken = outcome.takenDown.length > 0 ? `; taken down: ${outcome.takenDown.join(' ')}` : '';
  io.out(`melon: claim ${id} ${outcome.claim.row.state}${taken}`);
  const { redisUrl } = settings();
  if (outcome.takenDown.length > 0 && redisUrl !== undefined) {
    const failure = await announceItemAccess(redisUrl, outcome.takenDown);
    if (failure !== undefined) {
      io.err(`melon: live danmaku of the taken-down videos not ended (Redis: ${failure})`);
    }
  }
  return 0;
}

/**
 * `melon tort list` and `melon tort decide` (decision 055): the operator's queue of
 * infringement claims, oldest first, and the decision on one — accepted (its videos taken down
 * with --take-down) or rejected, with a note the claimant reads on /tort. Exit code: 0 done,
 * 1 unknown or already decided claim or bad setting, 2 bad usage.
 */
export async function runTort(
  args: readonly string[],
  io: TortIo = { out: console.log, err: console.error },
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list') {
    const states = statesOf(rest);
    if (states !== undefined) return withCliDatabase(io, (db) => list(db, states, io));
  }
  if (command === 'decide') {
    const [id, ...flags] = rest;
    const verdict = verdictOf(flags);
    if (id !== undefined && isMixId(id) && verdict !== undefined) {
      return withCliDatabase(io, (db, settings) => decide(db, settings, id, verdict, io));
    }
  }
  io.err(USAGE);
  return 2;
}
