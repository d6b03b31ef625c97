import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { ensureDefaultChannels } from '../modules/channel/ensure-default-channels.ts';
import { findViewableItem } from '../modules/item/item.service.ts';
import { createItem, createUser } from '../testing/factories.ts';
import { runCliCommand } from '../testing/cli-command.ts';
import { fileTortClaim } from '../testing/tort-factory.ts';
import { runTort } from './tort.ts';

/*
 * `melon tort list` and `melon tort decide` on a real database: the queue with the claimant's
 * contact and the videos, a decision once, take-down deleting the videos, bad usages refused.
 */

const newId = createIdGenerator();
let database: OpenedDatabase;
let authorId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureDefaultChannels(database.db);
  authorId = await createUser(database.db, newId);
});
afterAll(async () => {
  await database.close();
});

const run = (args: string[]) => runCliCommand(runTort, database.db, args);

/** A pending claim on a new video, filed as the page files one; answers both ids. */
async function fileClaim() {
  const videoId = await createItem(database.db, newId, authorId, { title: '搬运视频' });
  return { ...(await fileTortClaim(database.db, newId, videoId)), videoId };
}

describe('melon tort list', () => {
  it('lists pending claims with the contact, videos, proofs and words', async () => {
    const { claimId, videoId, uri } = await fileClaim();
    const { code, out, err } = await run(['list']);
    expect(code).toBe(0);
    const at = out.findIndex((line) => line.startsWith(`${claimId}  pending  filed `));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(out.slice(at + 1, at + 6)).toEqual([
      expect.stringMatching(/^ {2}claimant: person 张三 {2}13900139000 {2}zhang@example\.com/),
      '  right: portrait',
      `  video: ${videoId}  搬运视频`,
      `  proof: media storage ${uri} (private)`,
      '  | 视频未经许可使用了我的肖像照片。',
    ]);
    expect(err.at(-1)).toMatch(/^melon: \d+ claim\(s\)$/);
  });
});

describe('melon tort decide', () => {
  it('accepts with take-down once: the video is deleted; the list moves it', async () => {
    const { claimId, videoId } = await fileClaim();
    const { code, out } = await run([
      'decide',
      claimId,
      '--accept',
      '--take-down',
      '--note',
      '侵权成立',
    ]);
    expect(code).toBe(0);
    expect(out).toEqual([`melon: claim ${claimId} accepted; taken down: ${videoId}`]);
    expect(await findViewableItem(database.db, videoId, null)).toBeUndefined();

    const again = await run(['decide', claimId, '--reject']);
    expect(again).toMatchObject({ code: 1, err: [`melon: claim ${claimId} was decided already`] });
    expect((await run(['list'])).out.join('\n')).not.toContain(claimId);
    const accepted = await run(['list', '--state', 'accepted']);
    expect(accepted.out).toContain(`  note: 侵权成立`);
    expect(accepted.out.some((line) => line.startsWith(`${claimId}  accepted (taken down)`))).toBe(
      true,
    );
  });

  it('rejects leaving the video up', async () => {
    const { claimId, videoId } = await fileClaim();
    const { code, out } = await run(['decide', claimId, '--reject', '--note', '材料不足']);
    expect(code).toBe(0);
    expect(out).toEqual([`melon: claim ${claimId} rejected`]);
    expect(await findViewableItem(database.db, videoId, null)).toBeDefined();
  });

  it('answers an unknown claim 1 and bad usages 2, changing nothing', async () => {
    const unknown = await run(['decide', '1234567890123456789', '--accept']);
    expect(unknown).toMatchObject({
      code: 1,
      err: ['melon: no infringement claim 1234567890123456789'],
    });
    const { claimId } = await fileClaim();
    for (const args of [
      [],
      ['list', '--state', 'done'],
      ['decide', claimId],
      ['decide', claimId, '--accept', '--reject'],
      ['decide', claimId, '--reject', '--take-down'],
      ['decide', claimId, '--accept', '--note'],
      ['decide', claimId, '--accept', '--note', '长'.repeat(201)],
      ['decide', claimId, '--accept', '--later'],
      ['decide', 'abc', '--accept'],
    ]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err[0]).toMatch(/^usage: melon tort/);
    }
    expect((await run(['list'])).out.some((line) => line.startsWith(`${claimId}  pending`))).toBe(
      true,
    );
  });
});
