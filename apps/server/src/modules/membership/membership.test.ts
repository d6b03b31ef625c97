import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EpisodeAccess, ItemType } from '@melon/db/enums';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { membershipValidity, playbackFor } from './membership.policy.ts';
import { extendMembership, findMembership, grantPaidEpisode } from './membership.repository.ts';
import { playbackOf } from './membership.service.ts';

/* Memberships and bought episodes on the dialect under test, and who plays an episode in full. */

const DAY = 24 * 3600 * 1000;
let t: TestApp;
let author: string;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId);
});
afterAll(() => t.close());

async function episodeWith(access: EpisodeAccess) {
  const album = await createItem(t.db, t.newId, author, { itemType: ItemType.Album });
  const episode = await createItem(t.db, t.newId, author, { itemType: ItemType.Episode });
  await t.db.insertInto('albums').values({ item_id: album, album_type: 2 }).execute();
  await t.db
    .insertInto('album_episodes')
    .values({
      album_id: album,
      item_id: episode,
      seq: 1,
      opening_ms: null,
      ending_ms: null,
      access,
    })
    .execute();
  return { id: episode, user_id: author };
}

describe('membership grants', () => {
  it('extends from now when expired or new, from the expiry when still valid', async () => {
    const user = await createUser(t.db, t.newId);
    const now = 1_800_000_000_000;
    expect(await extendMembership(t.db, user, 30, now)).toBe(now + 30 * DAY);
    expect(await extendMembership(t.db, user, 30, now + DAY)).toBe(now + 60 * DAY);
    expect(await extendMembership(t.db, user, 7, now + 100 * DAY)).toBe(now + 107 * DAY);
  });

  it('adds every concurrent grant', async () => {
    const user = await createUser(t.db, t.newId);
    const now = 1_800_000_000_000;
    await extendMembership(t.db, user, 1, now);
    await Promise.all(Array.from({ length: 5 }, () => extendMembership(t.db, user, 10, now)));
    expect((await findMembership(t.db, user))?.expires_at).toBe(now + 51 * DAY);
  });
});

describe('playback rights', () => {
  it('follows the episode access, the membership and purchases', async () => {
    const member = await createUser(t.db, t.newId);
    const buyer = await createUser(t.db, t.newId);
    const other = await createUser(t.db, t.newId);
    const now = Date.now();
    await extendMembership(t.db, member, 30, now);
    const free = await episodeWith(EpisodeAccess.Free);
    const vip = await episodeWith(EpisodeAccess.Vip);
    const paid = await episodeWith(EpisodeAccess.Paid);
    await grantPaidEpisode(t.db, {
      userId: buyer,
      itemId: paid.id,
      orderId: t.newId(),
      nowMs: now,
    });

    expect(await playbackOf(t.db, free, null, now)).toBe('full');
    expect(await playbackOf(t.db, vip, null, now)).toBe('trial');
    expect(await playbackOf(t.db, vip, other, now)).toBe('trial');
    expect(await playbackOf(t.db, vip, member, now)).toBe('full');
    expect(await playbackOf(t.db, vip, member, now + 31 * DAY)).toBe('trial');
    expect(await playbackOf(t.db, vip, author, now)).toBe('full');
    expect(await playbackOf(t.db, paid, member, now)).toBe('trial');
    expect(await playbackOf(t.db, paid, buyer, now)).toBe('full');
  });

  it('the policy alone, and validity values', () => {
    const none = { isAuthor: false, isMember: false, ownsEpisode: false };
    expect(playbackFor(EpisodeAccess.Paid, { ...none, ownsEpisode: true })).toBe('full');
    expect(playbackFor(EpisodeAccess.Vip, { ...none, ownsEpisode: true })).toBe('trial');
    expect(membershipValidity(undefined, 5)).toBe(0);
    expect(membershipValidity(4, 5)).toBe(-1);
    expect(membershipValidity(6, 5)).toBe(1);
  });
});
