import { copyFile, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EpisodeAccess, ItemType } from '@melon/db/enums';
import { generateClip } from '@melon/media/lavfi-clip';
import { dashRepresentations } from '@melon/media/testing/inspect-package';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createMediaItem } from '../../testing/media-factory.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ingestVideo } from '../media-ingest/ingest.service.ts';
import { TRANSCODE_JOB, transcodeJob } from '../media-ingest/transcode-job.ts';
import { previewClipSeconds } from './membership.policy.ts';
import { setTrialPackage } from './membership.repository.ts';
import { queueMissingTrials, TRIAL_PACKAGE_JOB, trialPackageJob } from './trial-job.ts';

/*
 * The preview rendition is cut where decision 050 says: by the transcode job for an episode
 * that is VIP or paid when it is transcoded, and by the trial_package job for one made non-free
 * later; never for a free one, and never over a newer package.
 */

let t: TestApp;
let queue: DatabaseJobQueue;
let author: string;
let clip: string;

beforeAll(async () => {
  t = await createTestApp();
  queue = new DatabaseJobQueue({ db: t.db, newId: t.newId, leaseMs: 60_000 });
  author = await createUser(t.db, t.newId);
  clip = path.join(t.dataDir, 'clip.mp4');
  await generateClip(clip, { width: 320, height: 180, fps: 15, seconds: 6, audio: true });
}, 60_000);
afterAll(async () => {
  await queue.close();
  await t.close();
});

const worker = () =>
  queue.createWorker(
    [
      transcodeJob({ db: t.db, dataDir: t.dataDir }),
      trialPackageJob({ db: t.db, dataDir: t.dataDir }),
    ],
    { required: [TRANSCODE_JOB, TRIAL_PACKAGE_JOB], log: () => undefined },
  );

async function makeEpisode(itemId: string, access: EpisodeAccess) {
  const album = await createItem(t.db, t.newId, author, { itemType: ItemType.Album });
  await t.db.insertInto('albums').values({ item_id: album, album_type: 2 }).execute();
  await t.db
    .insertInto('album_episodes')
    .values({ album_id: album, item_id: itemId, seq: 1, opening_ms: null, ending_ms: null, access })
    .execute();
}

const mediaOf = (itemId: string) =>
  t.db
    .selectFrom('item_media')
    .select(['state', 'package_dir', 'trial_package_dir'])
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();

describe('the preview rule', () => {
  it('is the first 6 minutes, or a third of an episode of 6 minutes or less', () => {
    expect(previewClipSeconds(2640)).toBe(360);
    expect(previewClipSeconds(361)).toBe(360);
    expect(previewClipSeconds(360)).toBe(120);
    expect(previewClipSeconds(6)).toBe(2);
    expect(previewClipSeconds(2)).toBe(0);
    expect(previewClipSeconds(0)).toBe(0);
  });
});

describe('cutting the preview', { timeout: 120_000 }, () => {
  it('the transcode job cuts it for a VIP episode, beside the package, and records it', async () => {
    const upload = path.join(t.dataDir, `upload-${t.newId()}.mp4`);
    await copyFile(clip, upload);
    const { itemId } = await ingestVideo(
      {
        db: t.db,
        newId: t.newId,
        dataDir: t.dataDir,
        limits: { maxBytes: 50 * 1024 * 1024, maxDurationSeconds: 600 },
        jobs: queue,
      },
      { sourcePath: upload, title: '会员剧集', userId: author },
    );
    await makeEpisode(itemId, EpisodeAccess.Vip);
    expect(await worker().runOnce()).toBe(true);

    const media = await mediaOf(itemId);
    expect(media.state).toBe('ready');
    expect(media.trial_package_dir).toMatch(new RegExp(`^private/v/${itemId}/trial-[0-9a-f]{32}$`));
    const trial = path.join(t.dataDir, 'media', media.trial_package_dir ?? '-');
    const listed = dashRepresentations(await readFile(path.join(trial, 'manifest.mpd'), 'utf8'));
    // One rung (the 320×180 source reaches only the lowest) and the audio, 2 s of 6.
    expect([...listed.keys()]).toEqual([0, 1]);
    expect(listed.get(0)?.seconds).toBeCloseTo(2, 0);
    // The derived folder in public view; the package and its preview under private/.
    expect(await readdir(path.join(t.dataDir, 'media', 'v', itemId))).toHaveLength(1);
    expect(await readdir(path.join(t.dataDir, 'media', 'private', 'v', itemId))).toHaveLength(2);
    // Nothing queued for it afterwards: it has its preview.
    expect(await queueMissingTrials(t.db, queue)).toBe(0);
  });

  it('a free episode gets none; made VIP later, the trial_package job cuts it', async () => {
    const ready = await createMediaItem(t, author, { item: { itemType: ItemType.Episode } });
    await makeEpisode(ready.itemId, EpisodeAccess.Free);
    expect(await queueMissingTrials(t.db, queue)).toBe(0);

    await t.db
      .updateTable('album_episodes')
      .set({ access: EpisodeAccess.Vip })
      .where('item_id', '=', ready.itemId)
      .execute();
    expect(await queueMissingTrials(t.db, queue)).toBe(1);
    expect(await worker().runOnce()).toBe(true);
    const media = await mediaOf(ready.itemId);
    expect(media.trial_package_dir).toMatch(/^private\/v\/\d+\/trial-/);
    const trial = path.join(t.dataDir, 'media', media.trial_package_dir ?? '-');
    expect(await readdir(trial)).toContain('master.m3u8');
  });

  it('is recorded only over the package it was cut from, and only once', async () => {
    const ready = await createMediaItem(t, author, { item: { itemType: ItemType.Episode } });
    await makeEpisode(ready.itemId, EpisodeAccess.Paid);
    const { packageDir } = ready;
    const base = { itemId: ready.itemId, now: Date.now() };
    // A re-transcode made another package ready while the cut was made: not recorded.
    const stale = { ...base, packageDir: `v/${ready.itemId}/package-older`, trialDir: 'x' };
    expect(await setTrialPackage(t.db, stale)).toBe(false);
    expect((await mediaOf(ready.itemId)).trial_package_dir).toBeNull();
    const first = { ...base, packageDir, trialDir: `v/${ready.itemId}/trial-first` };
    expect(await setTrialPackage(t.db, first)).toBe(true);
    const second = { ...base, packageDir, trialDir: `v/${ready.itemId}/trial-second` };
    expect(await setTrialPackage(t.db, second)).toBe(false);
    expect((await mediaOf(ready.itemId)).trial_package_dir).toBe(first.trialDir);
  });
});
