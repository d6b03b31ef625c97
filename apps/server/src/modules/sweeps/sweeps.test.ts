import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { createTestDatabase } from '@melon/db/testing';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createLocalStorage } from '../../storage/local-storage.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { ensureDefaultChannels } from '../channel/ensure-default-channels.ts';
import { CINEMA_CHANGES_KEPT_MS } from '../cinema/album-snapshot-sync.ts';
import { DEFAULT_RETENTION, type Retention } from '../../settings.ts';
import { runSweep } from '../../cli/sweep.ts';
import { runSweeps } from './run-sweeps.ts';

const DAY = 24 * 3600_000;
const HOUR = 3600_000;
const NOW = Date.UTC(2026, 10, 25, 12);
const retention: Retention = {
  visitorsDays: 90,
  expiredDays: 1,
  signInFailuresDays: 7,
  finishedJobsDays: 30,
  reportsDays: 365,
  playsDays: 90,
  unattachedPicturesDays: 1,
};

let database: OpenedDatabase;
let db: Kysely<Database>;
let workDir: string;
let storage: MediaStorage;
const newId = createIdGenerator();
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await ensureDefaultChannels(db);
  workDir = await mkdtemp(path.join(tmpdir(), 'melon-sweeps-'));
  storage = createLocalStorage(path.join(workDir, 'media'));
});
afterAll(async () => {
  await database.close();
  await rm(workDir, { recursive: true, force: true });
});

/** Rows a sweep at NOW must remove ('old') and keep ('new'), table by table. */
async function seed(userId: string, itemId: string): Promise<void> {
  const visitor = (webId: string, lastSeen: number) => ({
    web_id: webId,
    created_at: lastSeen - DAY,
    last_seen_at: lastSeen,
    qualified: 1 as const,
  });
  await db
    .insertInto('web_identities')
    .values([visitor('old', NOW - 91 * DAY), visitor('new', NOW - 89 * DAY)])
    .execute();

  const session = (id: string, expiresAt: number) => ({
    id,
    public_id: `public-${id}`,
    user_id: userId,
    created_at: expiresAt - 30 * DAY,
    last_seen_at: expiresAt - 29 * DAY,
    expires_at: expiresAt,
    user_agent: '',
    ip: '',
  });
  // An expired session is kept for a day (the expired retention), a live one always.
  await db
    .insertInto('sessions')
    .values([session('old', NOW - DAY - 1), session('new', NOW - DAY + 60_000)])
    .execute();

  const code = (id: string, expiresAt: number) => ({
    id,
    channel: 'sms' as const,
    target: '13800000000',
    purpose: 'login' as const,
    code_hash: id,
    created_at: expiresAt - 600_000,
    expires_at: expiresAt,
    attempts: 0,
    consumed_at: null,
  });
  await db
    .insertInto('verification_codes')
    .values([code('old', NOW - DAY - 1), code('new', NOW - 3600_000)])
    .execute();

  const qr = (token: string, expiresAt: number) => ({
    token_hash: token,
    status: 'new' as const,
    user_id: null,
    web_id: '1',
    created_at: expiresAt - 180_000,
    expires_at: expiresAt,
    consumed_at: null,
  });
  await db
    .insertInto('qr_logins')
    .values([qr('old', NOW - DAY - 1), qr('new', NOW + 60_000)])
    .execute();

  await db
    .insertInto('captcha_solutions')
    .values([
      { signature: 'old', expires_at: NOW - DAY - 1 },
      { signature: 'new', expires_at: NOW + 60_000 },
    ])
    .execute();

  await db
    .insertInto('auth_failures')
    .values([
      { key: 'old', failures: 3, window_started_at: NOW - 7 * DAY - 1 },
      { key: 'new', failures: 3, window_started_at: NOW - 6 * DAY },
    ])
    .execute();

  const job = (id: string, state: 'succeeded' | 'failed' | 'queued', updatedAt: number) => ({
    id,
    name: 'transcode',
    payload: '{}',
    state,
    run_after: updatedAt,
    created_at: updatedAt - DAY,
    updated_at: updatedAt,
  });
  await db
    .insertInto('jobs')
    .values([
      job('old-succeeded', 'succeeded', NOW - 31 * DAY),
      job('old-failed', 'failed', NOW - 31 * DAY),
      // Never finished: however old, a queued job is work still to do.
      job('new-queued', 'queued', NOW - 400 * DAY),
      job('new-succeeded', 'succeeded', NOW - 29 * DAY),
    ])
    .execute();

  // One report per danmaku and user (migration 029): the two reports come from two users.
  const otherReporter = await createUser(db, newId);
  const danmakuId = newId();
  await db
    .insertInto('danmaku')
    .values({
      id: danmakuId,
      item_id: itemId,
      offset_ms: 0,
      text: '举报我',
      colour: 0xffffff,
      mode: 'scroll',
      size: 25,
      pool: 'normal',
      sender_id: userId,
      send_time: NOW,
      created_at: NOW,
      source_mode: null,
      sticker_id: null,
    })
    .execute();
  const report = (id: string, reporterId: string, createdAt: number) => ({
    id,
    danmaku_id: danmakuId,
    user_id: reporterId,
    report_type: 1,
    report_reason: '',
    created_at: createdAt,
  });
  await db
    .insertInto('danmaku_reports')
    .values([report('old', userId, NOW - 366 * DAY), report('new', otherReporter, NOW - 364 * DAY)])
    .execute();
  const videoReport = (id: string, reporterId: string, createdAt: number) => ({
    id,
    reporter_id: reporterId,
    target_kind: 'video' as const,
    target_id: itemId,
    report_type: 1,
    created_at: createdAt,
  });
  await db
    .insertInto('reports')
    .values([
      videoReport('old', userId, NOW - 366 * DAY),
      videoReport('new', otherReporter, NOW - 364 * DAY),
    ])
    .execute();

  // A comment's keys: one replaced 25 hours ago (no snapshot reads it), one 23 hours ago.
  const commentId = newId();
  await db
    .insertInto('comments')
    .values({
      id: commentId,
      item_id: itemId,
      user_id: userId,
      root_id: null,
      reply_to_user_id: null,
      text: '评论',
      image_uri: null,
      hot_key: 1,
      hot_key_since: NOW - 23 * HOUR,
      created_at: NOW - 30 * HOUR,
    })
    .execute();
  const key = (hotKey: number, from: number, to: number) => ({
    comment_id: commentId,
    item_id: itemId,
    hot_key: hotKey,
    valid_from: from,
    valid_to: to,
  });
  await db
    .insertInto('comment_hot_history')
    .values([key(-1, NOW - 30 * HOUR, NOW - 25 * HOUR), key(0, NOW - 25 * HOUR, NOW - 23 * HOUR)])
    .execute();

  // Searches: one made 25 hours ago (past the hot words' day), one 23 hours ago.
  const searched = (id: string, at: number) => ({
    id,
    word: '西瓜',
    viewer_key: 'w:1',
    searched_at: at,
  });
  await db
    .insertInto('search_log')
    .values([searched('old', NOW - 25 * HOUR), searched('new', NOW - 23 * HOUR)])
    .execute();

  // Payment notify log: one row past the reports' retention, one within it.
  const logged = (id: string, at: number) => ({
    id,
    provider: 'alipay',
    order_id: null,
    outcome: 'refused',
    detail: 'bad signature',
    received_at: at,
  });
  await db
    .insertInto('pay_notify_log')
    .values([logged('old', NOW - 366 * DAY), logged('new', NOW - 364 * DAY)])
    .execute();

  // Counted plays: one past the plays' retention, one within it; the play count stays.
  const played = (id: string, at: number) => ({
    id,
    item_id: itemId,
    viewer_key: `w:${id}`,
    user_id: null,
    played_at: at,
  });
  await db
    .insertInto('item_plays')
    .values([played('old', NOW - 91 * DAY), played('new', NOW - 89 * DAY)])
    .execute();

  // The cinema's change log: one row older than the snapshots read, one younger.
  await db
    .insertInto('cinema_changes')
    .values([
      { album_id: 'old', changed_at: NOW - CINEMA_CHANGES_KEPT_MS - 1 },
      { album_id: 'new', changed_at: NOW - CINEMA_CHANGES_KEPT_MS + 1 },
    ])
    .execute();
}

async function remaining(): Promise<Record<string, string[]>> {
  const ids = async (query: Promise<{ id: string }[]>) => (await query).map((row) => row.id).sort();
  return {
    web_identities: await ids(db.selectFrom('web_identities').select('web_id as id').execute()),
    sessions: await ids(db.selectFrom('sessions').select('id').execute()),
    verification_codes: await ids(db.selectFrom('verification_codes').select('id').execute()),
    qr_logins: await ids(db.selectFrom('qr_logins').select('token_hash as id').execute()),
    captcha_solutions: await ids(
      db.selectFrom('captcha_solutions').select('signature as id').execute(),
    ),
    auth_failures: await ids(db.selectFrom('auth_failures').select('key as id').execute()),
    jobs: await ids(db.selectFrom('jobs').select('id').execute()),
    danmaku_reports: await ids(db.selectFrom('danmaku_reports').select('id').execute()),
    reports: await ids(db.selectFrom('reports').select('id').execute()),
    comment_hot_history: await ids(
      db
        .selectFrom('comment_hot_history')
        .select(sql<string>`cast(valid_to as text)`.as('id'))
        .execute(),
    ),
    search_log: await ids(db.selectFrom('search_log').select('id').execute()),
    pay_notify_log: await ids(db.selectFrom('pay_notify_log').select('id').execute()),
    item_plays: await ids(db.selectFrom('item_plays').select('id').execute()),
    cinema_changes: await ids(db.selectFrom('cinema_changes').select('album_id as id').execute()),
  };
}

describe('runSweeps', () => {
  it('removes the rows past their retention and keeps the rest, counting what it removed', async () => {
    const userId = await createUser(db, newId);
    await seed(userId, await createItem(db, newId, userId));

    const removed = await runSweeps(db, storage, retention, NOW);

    expect(await remaining()).toEqual({
      web_identities: ['new'],
      sessions: ['new'],
      verification_codes: ['new'],
      qr_logins: ['new'],
      captcha_solutions: ['new'],
      auth_failures: ['new'],
      jobs: ['new-queued', 'new-succeeded'],
      danmaku_reports: ['new'],
      reports: ['new'],
      comment_hot_history: [String(NOW - 23 * HOUR)],
      search_log: ['new'],
      pay_notify_log: ['new'],
      item_plays: ['new'],
      cinema_changes: ['new'],
    });
    expect(removed).toEqual({
      web_identities: 1,
      sessions: 1,
      verification_codes: 1,
      qr_logins: 1,
      captcha_solutions: 1,
      auth_failures: 1,
      jobs: 2,
      danmaku_reports: 1,
      reports: 1,
      comment_hot_history: 1,
      search_log: 1,
      pay_notify_log: 1,
      item_plays: 1,
      cinema_changes: 1,
      // The pictures' sweep has its own test (unattached-pictures.test.ts).
      comment_images: 0,
      tort_proof_images: 0,
      feedback_images: 0,
    });
    // A second sweep finds nothing more to do.
    expect(Object.values(await runSweeps(db, storage, retention, NOW))).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('runs with the default retention', async () => {
    expect(DEFAULT_RETENTION.expiredDays).toBeGreaterThanOrEqual(1);
    await expect(runSweeps(db, storage, DEFAULT_RETENTION, NOW)).resolves.toBeDefined();
  });
});

describe('melon sweep', () => {
  it('sweeps once and prints what it removed', async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    await db
      .insertInto('captcha_solutions')
      .values({ signature: 'cli-old', expires_at: NOW - 2 * DAY })
      .execute();
    expect(await runSweep({ ...io, db, storage, retention, now: NOW })).toBe(0);
    expect(await runSweep({ ...io, db, storage, retention, now: NOW })).toBe(0);
    expect(lines).toEqual(['melon: swept 1 captcha_solutions', 'melon: nothing to sweep']);
  });
});
