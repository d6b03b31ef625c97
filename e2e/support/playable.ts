import type { APIRequestContext, Page } from '@playwright/test';
import { listDanmaku } from '@melon/shared/calls/danmaku.calls';
import type { VideoDetails } from '@melon/shared/contracts/video';

interface Envelope<T> {
  code: number;
  data: T;
}

/**
 * A ready item of the demo site whose resource has at least `minRenditions` definitions and runs
 * at least `minSeconds` (and has a 120 fps variant when asked): found through the feed and the
 * details call, as a visitor would.
 */
export async function findPlayable(
  request: APIRequestContext,
  {
    minRenditions,
    minSeconds,
    highFrameRate = false,
  }: { minRenditions: number; minSeconds: number; highFrameRate?: boolean },
): Promise<VideoDetails> {
  for (const channelId of ['1', '2', '3', '4', '5']) {
    const feed = await request.get(`/api/feedv2/feedById?channelId=${channelId}&count=30`);
    if (!feed.ok()) continue;
    const cells = ((await feed.json()) as Envelope<{ list: { groupId: string }[] }>).data.list;
    for (const cell of cells) {
      const answer = await request.get(`/api/videov2/details?group_id=${cell.groupId}`);
      if (!answer.ok()) continue;
      const details = ((await answer.json()) as Envelope<VideoDetails>).data;
      const resource = details.video_resource;
      if (
        details.status === 'ready' &&
        resource &&
        resource.video_list.length >= minRenditions &&
        resource.video_duration >= minSeconds &&
        (!highFrameRate || resource.dynamic_video.dynamic_video_list.some((r) => r.hfr_variant))
      ) {
        return details;
      }
    }
  }
  throw new Error(`no ready demo item with ${minRenditions} definitions and ${minSeconds} s`);
}

/** A ready album of the demo site, as the feed lists it: its id and its first episode's details. */
/**
 * Whether an album is a plain run of episodes a visitor plays whole: every episode official with
 * its opening and ending marked, and the last one free (the cinema's VIP and paid episodes play
 * only their preview to a visitor, decision 050).
 */
async function isPlainSeries(request: APIRequestContext, details: VideoDetails): Promise<boolean> {
  const episodes = details.album?.episodes ?? [];
  const marked = episodes.every(
    (e) => e.episode_type === 'official' && e.opening_ms !== null && e.ending_ms !== null,
  );
  const last = episodes.at(-1);
  if (!marked || !last) return false;
  const answer = await request.get(`/api/mixVideo/information?mixId=${last.item_id}`);
  if (!answer.ok()) return false;
  const { details: lastDetails } = ((await answer.json()) as Envelope<{ details: VideoDetails }>)
    .data;
  return lastDetails.video_resource?.preview === null;
}

export async function findAlbum(
  request: APIRequestContext,
): Promise<{ albumId: string; first: VideoDetails }> {
  for (const channelId of ['1', '2', '3', '4', '5']) {
    const feed = await request.get(`/api/feedv2/feedById?channelId=${channelId}&count=30`);
    if (!feed.ok()) continue;
    const cells = (
      (await feed.json()) as Envelope<{ list: { groupId: string; itemType: number | null }[] }>
    ).data.list;
    for (const cell of cells.filter((c) => c.itemType === 24)) {
      const answer = await request.get(`/api/mixVideo/information?mixId=${cell.groupId}`);
      if (!answer.ok()) continue;
      const { details } = ((await answer.json()) as Envelope<{ details: VideoDetails }>).data;
      if (
        details.status === 'ready' &&
        details.album?.next_item_id &&
        (await isPlainSeries(request, details))
      ) {
        return { albumId: cell.groupId, first: details };
      }
    }
  }
  throw new Error('no ready demo album with a next episode');
}

/**
 * A ready demo video of at least `minSeconds` with no danmaku yet, taken from the end of the
 * feed: the danmaku specs that post to videos take theirs from its start, and a spec that
 * imports a whole pool must not fill the list those specs read.
 */
export async function quietDemoVideo(
  request: APIRequestContext,
  minSeconds: number,
): Promise<VideoDetails> {
  const feed = await request.get('/api/feedv2/feedById?channelId=1&count=30');
  const cells = ((await feed.json()) as Envelope<{ list: { groupId: string }[] }>).data.list;
  for (const cell of cells.reverse()) {
    const answer = await request.get(`/api/videov2/details?group_id=${cell.groupId}`);
    if (!answer.ok()) continue;
    const details = ((await answer.json()) as Envelope<VideoDetails>).data;
    const seconds = details.video_resource?.video_duration ?? 0;
    if (details.status !== 'ready' || seconds < minSeconds) continue;
    const list = await request.get(listDanmaku.path, {
      params: { aid: 1768, app_name: 'video_ixigua', format: 'json', item_id: details.item_id },
    });
    const { data } = (await list.json()) as Envelope<{ danmaku_list: unknown[] }>;
    if (data.danmaku_list.length === 0) return details;
  }
  throw new Error(`no demo video of ${minSeconds} s without danmaku`);
}

/** Media files the page has fetched since its last document. */
export const fetchedMedia = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/media/')),
  );
