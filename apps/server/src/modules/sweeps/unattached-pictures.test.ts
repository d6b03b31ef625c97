import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { createTestDatabase } from '@melon/db/testing';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createLocalStorage } from '../../storage/local-storage.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { ensureDefaultChannels } from '../channel/ensure-default-channels.ts';
import { deleteUnusedCommentPicture } from './unattached-pictures.repository.ts';
import { sweepUnattachedPictures } from './unattached-pictures.ts';

const DAY = 24 * 3600_000;
const NOW = Date.UTC(2026, 10, 26, 12);
/** Uploaded more than a day before NOW: past the default retention. */
const OLD = NOW - DAY - 60_000;
/** Uploaded an hour before NOW: a form may still be open. */
const FRESH = NOW - 3600_000;

let database: OpenedDatabase;
let db: Kysely<Database>;
let storage: MediaStorage;
let workDir: string;
let userId: string;
let itemId: string;
const newId = createIdGenerator();

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await ensureDefaultChannels(db);
  workDir = await mkdtemp(path.join(tmpdir(), 'melon-pictures-'));
  storage = createLocalStorage(path.join(workDir, 'media'));
  userId = await createUser(db, newId);
  itemId = await createItem(db, newId, userId);
});
afterAll(async () => {
  await database.close();
  await rm(workDir, { recursive: true, force: true });
});

const size = { width: 2, height: 2, bytes: 4 };

/** A stored comment picture and its row. */
async function commentPicture(name: string, createdAt: number): Promise<string> {
  const uri = `comment-images/${name}.webp`;
  await storage.putBytes(uri, Buffer.from(name));
  await db
    .insertInto('comment_images')
    .values({ id: newId(), uri, user_id: userId, ...size, created_at: createdAt })
    .execute();
  return uri;
}

async function proofPicture(name: string, createdAt: number): Promise<string> {
  const uri = `private/tort-proofs/${name}.webp`;
  await storage.putBytes(uri, Buffer.from(name));
  await db
    .insertInto('tort_proof_images')
    .values({ id: newId(), uri, user_id: userId, ...size, created_at: createdAt })
    .execute();
  return uri;
}

async function screenshot(name: string, createdAt: number, feedbackId: string | null) {
  const uri = `private/feedback-images/${name}.webp`;
  await storage.putBytes(uri, Buffer.from(name));
  await db
    .insertInto('feedback_images')
    .values({
      id: newId(),
      uri,
      uploader: `u:${userId}`,
      feedback_id: feedbackId,
      position: feedbackId ? 0 : null,
      ...size,
      created_at: createdAt,
    })
    .execute();
  return uri;
}

async function commentNaming(uri: string): Promise<void> {
  await db
    .insertInto('comments')
    .values({
      id: newId(),
      item_id: itemId,
      user_id: userId,
      root_id: null,
      reply_to_user_id: null,
      text: '有图',
      image_uri: uri,
      hot_key: 0,
      hot_key_since: OLD,
      created_at: OLD,
    })
    .execute();
}

async function claimNaming(uris: string[]): Promise<void> {
  const id = newId();
  await db
    .insertInto('tort_reports')
    .values({
      id,
      claimant_id: userId,
      submit_id: id,
      claimant_kind: 'person',
      claimant_name: '权利人',
      mobile: '13800000000',
      email: 'owner@example.com',
      right_kind: 'copyright',
      description: '这是我拍摄的视频，被人搬运了。',
      created_at: OLD,
      decided_at: null,
    })
    .execute();
  await db
    .insertInto('tort_report_proofs')
    .values(uris.map((uri, position) => ({ report_id: id, position, image_uri: uri })))
    .execute();
}

async function feedbackMessage(): Promise<string> {
  const id = newId();
  await db
    .insertInto('feedback')
    .values({
      id,
      user_id: userId,
      web_id: '1',
      category: 'play',
      description: '视频卡住了',
      created_at: OLD,
      closed_at: null,
    })
    .execute();
  return id;
}

const stored = async (uri: string) => (await storage.head(uri)) !== null;
const rows = async (table: 'comment_images' | 'tort_proof_images' | 'feedback_images') =>
  (await db.selectFrom(table).select('uri').orderBy('uri').execute()).map((row) => row.uri);

describe('sweepUnattachedPictures', () => {
  it('removes old pictures nothing names, row and file, and keeps named and fresh ones', async () => {
    const unusedComment = await commentPicture('a-unused', OLD);
    const inComment = await commentPicture('b-in-comment', OLD);
    const inOldClaim = await commentPicture('c-in-claim', OLD);
    const freshComment = await commentPicture('d-fresh', FRESH);
    await commentNaming(inComment);

    const unusedProof = await proofPicture('a-unused', OLD);
    const filedProof = await proofPicture('b-filed', OLD);
    const freshProof = await proofPicture('c-fresh', FRESH);
    await claimNaming([filedProof, inOldClaim]);

    const message = await feedbackMessage();
    const unusedShot = await screenshot('a-unused', OLD, null);
    const sentShot = await screenshot('b-sent', OLD, message);
    const freshShot = await screenshot('c-fresh', FRESH, null);

    const removed = await sweepUnattachedPictures(db, storage, NOW - DAY);

    expect(removed).toEqual({ comment_images: 1, tort_proof_images: 1, feedback_images: 1 });
    expect(await rows('comment_images')).toEqual([inComment, inOldClaim, freshComment]);
    expect(await rows('tort_proof_images')).toEqual([filedProof, freshProof]);
    expect(await rows('feedback_images')).toEqual([sentShot, freshShot]);
    for (const gone of [unusedComment, unusedProof, unusedShot])
      expect(await stored(gone)).toBe(false);
    for (const kept of [inComment, inOldClaim, freshComment, filedProof, freshProof, sentShot])
      expect(await stored(kept)).toBe(true);
    expect(await stored(freshShot)).toBe(true);

    // Nothing more to do on a second sweep.
    expect(await sweepUnattachedPictures(db, storage, NOW - DAY)).toEqual({
      comment_images: 0,
      tort_proof_images: 0,
      feedback_images: 0,
    });
  });

  it('goes through more unused pictures than one look-up lists', async () => {
    const uris = [];
    for (let n = 0; n < 205; n += 1) uris.push(await commentPicture(`batch-${n}`, OLD));
    const removed = await sweepUnattachedPictures(db, storage, NOW - DAY);
    expect(removed.comment_images).toBe(205);
    expect(await stored(uris[204] ?? '')).toBe(false);
  });

  it('keeps a picture attached after it was listed: the delete checks again', async () => {
    const uri = await commentPicture('attached-meanwhile', OLD);
    await commentNaming(uri);
    expect(await deleteUnusedCommentPicture(db, uri)).toBe(false);
    expect(await rows('comment_images')).toContain(uri);
  });
});
