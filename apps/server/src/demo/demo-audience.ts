import type { Insertable } from 'kysely';
import type { DanmakuTable } from '@melon/db/tables/danmaku';
import { ItemType } from '@melon/db/enums';
import { DANMAKU_DEFAULT_STYLE } from '@melon/shared/contracts/danmaku';
import { insertFollow } from '../modules/follow/follow.repository.ts';
import { userViewerKey } from '../modules/plays/viewer-key.ts';
import { seedDemoComments, type Play } from './demo-comments.ts';
import { DANMAKU_PHRASES, NICKNAME_HEADS, NICKNAME_TAILS } from './demo-audience-words.ts';
import {
  between,
  countRows,
  insertInBatches,
  momentBetween,
  pick,
  pickSome,
  type AudienceContext,
} from './demo-rows.ts';

const DAY_MS = 24 * 3600 * 1000;

/** How many viewers the demo site has. */
export const DEMO_VIEWER_COUNT = 120;
/** The most danmaku a demo video gets, so a player test's own danmaku are easy to find. */
export const DEMO_DANMAKU_PER_VIDEO = 30;

/** Of a viewer's plays: how many like the video, keep it, and send danmaku. */
const LIKE_SHARE = 0.35;
const FAVORITE_SHARE = 0.12;
const DANMAKU_SHARE = 0.5;
/**
 * Of the videos, how many nobody sent danmaku to yet, as on a real site: the danmaku browser
 * tests import whole pools into such a video (e2e/support/playable.ts quietDemoVideo).
 */
const QUIET_SHARE = 0.25;
/** Of the viewers, how many keep an album (追剧). */
const ALBUM_FAVORITE_SHARE = 0.15;
/** Danmaku colours besides white, as a real pool mixes them. */
const DANMAKU_COLOURS = [0xfe0302, 0xffe133, 0x00cd00, 0x89d5ff, 0xcc0273] as const;

interface DemoItem {
  id: string;
  user_id: string;
  item_type: ItemType;
  duration_ms: number;
  publish_time: number;
}

/**
 * The demo site's audience (decision 034): viewers with Chinese nicknames who follow authors,
 * play videos (their watch history; each is one play), like and keep some, send danmaku and
 * comment. Every counter moves with its rows through the modules' own writes (moveItemCounter,
 * insertFollow, the comment counters), from the zero the seed starts items and users at. Every
 * play is at or after `playsFrom`: the sweeps keep the counted plays of the retention window
 * (MELON_RETAIN_PLAYS_DAYS), and the demo's counts are to stay the rows behind them.
 */
export async function seedDemoAudience(
  ctx: AudienceContext & { playsFrom: number },
  authors: readonly string[],
) {
  const items = await ctx.db
    .selectFrom('items')
    .select(['id', 'user_id', 'item_type', 'duration_ms', 'publish_time'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const viewers = await insertViewers(ctx);
  await insertFollows(ctx, viewers, authors);
  const played = items.filter(
    (i) => i.item_type === ItemType.ShortVideo || i.item_type === ItemType.Episode,
  );
  const plays = await insertPlays(ctx, viewers, played, ctx.playsFrom);
  await insertReactions(ctx, plays, viewers, items);
  await insertDanmaku(ctx, plays, played);
  await seedDemoComments(ctx, plays);
}

/** Every head and tail combination once, shuffled, the first DEMO_VIEWER_COUNT. */
async function insertViewers(ctx: AudienceContext): Promise<string[]> {
  const names = NICKNAME_HEADS.flatMap((head) => NICKNAME_TAILS.map((tail) => head + tail));
  const rows = pickSome(ctx.random, names, DEMO_VIEWER_COUNT).map((name) => ({
    id: ctx.newId(),
    name,
    user_auth_info: null,
    created_at: ctx.now - momentBetween(ctx.random, 120 * DAY_MS, 400 * DAY_MS),
  }));
  await insertInBatches(rows, (batch) => ctx.db.insertInto('users').values(batch).execute());
  return rows.map((row) => row.id);
}

/** Each viewer follows a few authors, the popular ones more often; authors follow each other. */
async function insertFollows(ctx: AudienceContext, viewers: string[], authors: readonly string[]) {
  const appeal = authors.map(() => 0.1 + 0.5 * ctx.random());
  const follow = (follower: string, followee: string) =>
    insertFollow(ctx.db, follower, followee, ctx.now - momentBetween(ctx.random, 0, 100 * DAY_MS));
  for (const viewer of viewers) {
    for (const [index, author] of authors.entries()) {
      if (ctx.random() < (appeal[index] ?? 0)) await follow(viewer, author);
    }
  }
  for (const author of authors) {
    for (const other of pickSome(ctx.random, authors, 3)) {
      if (other !== author) await follow(author, other);
    }
  }
}

/**
 * Who played what: each video draws an appeal, and each viewer plays it with that chance. A
 * play is a watch-history entry (watched some time after publishing and after `from`, to the
 * end or part way) and a counted play (`item_plays`, decision 039), once in the video's
 * play_count.
 */
async function insertPlays(
  ctx: AudienceContext,
  viewers: string[],
  played: DemoItem[],
  from: number,
) {
  const plays: Play[] = [];
  for (const item of played) {
    const appeal = 0.03 + 0.4 * ctx.random() ** 2;
    for (const viewer of viewers) {
      if (ctx.random() >= appeal) continue;
      const watchedAt = momentBetween(ctx.random, Math.max(item.publish_time, from), ctx.now);
      const progressMs =
        ctx.random() < 0.5 ? item.duration_ms : Math.floor(ctx.random() * item.duration_ms);
      plays.push({ item, viewerId: viewer, watchedAt, progressMs });
    }
  }
  const rows = plays.map((play) => ({
    user_id: play.viewerId,
    item_id: play.item.id,
    progress_ms: play.progressMs,
    watched_at: play.watchedAt,
  }));
  await insertInBatches(rows, (batch) =>
    ctx.db.insertInto('watch_history').values(batch).execute(),
  );
  const counted = plays.map((play) => ({
    id: ctx.newId(),
    item_id: play.item.id,
    viewer_key: userViewerKey(play.viewerId),
    user_id: play.viewerId,
    played_at: play.watchedAt,
  }));
  await insertInBatches(counted, (batch) =>
    ctx.db.insertInto('item_plays').values(batch).execute(),
  );
  await countRows(
    ctx.db,
    'play_count',
    plays.map((play) => play.item.id),
  );
  return plays;
}

/** Some plays end in a like or a favourite; some viewers keep whole albums. */
async function insertReactions(
  ctx: AudienceContext,
  plays: Play[],
  viewers: string[],
  items: DemoItem[],
) {
  const diggs = plays
    .filter(() => ctx.random() < LIKE_SHARE)
    .map((play) => ({ item_id: play.item.id, user_id: play.viewerId, created_at: play.watchedAt }));
  const favorites = plays
    .filter(() => ctx.random() < FAVORITE_SHARE)
    .map((play) => ({ user_id: play.viewerId, item_id: play.item.id, created_at: play.watchedAt }));
  for (const album of items.filter((item) => item.item_type === ItemType.Album)) {
    for (const viewer of viewers) {
      if (ctx.random() >= ALBUM_FAVORITE_SHARE) continue;
      const created = momentBetween(ctx.random, album.publish_time, ctx.now);
      favorites.push({ user_id: viewer, item_id: album.id, created_at: created });
    }
  }
  await insertInBatches(diggs, (batch) => ctx.db.insertInto('item_diggs').values(batch).execute());
  await insertInBatches(favorites, (batch) =>
    ctx.db.insertInto('favorites').values(batch).execute(),
  );
  await countRows(
    ctx.db,
    'digg_count',
    diggs.map((row) => row.item_id),
  );
  await countRows(
    ctx.db,
    'favorite_count',
    favorites.map((row) => row.item_id),
  );
}

/**
 * Danmaku from the plays, at moments spread over each video, at most DEMO_DANMAKU_PER_VIDEO a
 * video and none on a quarter of them: mostly white and scrolling, some coloured or at the top.
 */
async function insertDanmaku(ctx: AudienceContext, plays: Play[], played: DemoItem[]) {
  const quiet = new Set(played.filter(() => ctx.random() < QUIET_SHARE).map((item) => item.id));
  const sent = new Map(played.map((item) => [item.id, 0]));
  const rows: Insertable<DanmakuTable>[] = [];
  for (const play of plays) {
    if (quiet.has(play.item.id) || ctx.random() >= DANMAKU_SHARE) continue;
    const already = sent.get(play.item.id) ?? 0;
    const count = Math.min(between(ctx.random, 1, 2), DEMO_DANMAKU_PER_VIDEO - already);
    sent.set(play.item.id, already + count);
    for (let n = 0; n < count; n += 1) {
      const offsetMs = Math.floor(ctx.random() * play.item.duration_ms);
      const sendTime = Math.min(ctx.now, play.watchedAt + offsetMs);
      rows.push({
        id: ctx.newId(),
        item_id: play.item.id,
        offset_ms: offsetMs,
        text: pick(ctx.random, DANMAKU_PHRASES),
        colour:
          ctx.random() < 0.8 ? DANMAKU_DEFAULT_STYLE.colour : pick(ctx.random, DANMAKU_COLOURS),
        mode: ctx.random() < 0.9 ? DANMAKU_DEFAULT_STYLE.mode : 'top',
        size: DANMAKU_DEFAULT_STYLE.size,
        pool: DANMAKU_DEFAULT_STYLE.pool,
        sender_id: play.viewerId,
        send_time: sendTime,
        created_at: sendTime,
        source_mode: null,
        sticker_id: null,
      });
    }
  }
  await insertInBatches(rows, (batch) => ctx.db.insertInto('danmaku').values(batch).execute());
  await countRows(
    ctx.db,
    'danmaku_count',
    rows.map((row) => row.item_id),
  );
}
