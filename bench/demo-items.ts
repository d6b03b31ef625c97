import { getVideoDetails } from '@melon/shared/calls/video.calls';
import type { VideoDetails } from '@melon/shared/contracts/video';

interface Envelope<T> {
  data: T;
}

/**
 * The first ready item of the recommend feed (its first 30 cards) on the Melon server at
 * `origin` that `wanted` accepts, as a visitor's page would read it.
 */
export async function findDemoItem(
  origin: string,
  wanted: (details: VideoDetails) => boolean,
): Promise<VideoDetails> {
  const feed = (await (
    await fetch(`${origin}/api/feedv2/feedById?channelId=1&count=30`)
  ).json()) as Envelope<{ list: { groupId: string }[] }>;
  for (const cell of feed.data.list) {
    const answer = await fetch(`${origin}${getVideoDetails.path}?group_id=${cell.groupId}`);
    if (!answer.ok) continue;
    const details = ((await answer.json()) as Envelope<VideoDetails>).data;
    if (details.status === 'ready' && wanted(details)) return details;
  }
  throw new Error('no demo item of the kind the bench needs is ready');
}
