import type { Channel } from '@melon/shared/contracts/channel';

/** The recommend feed (1) and live (109) are not channels a video is published in (SPEC §3). */
const NOT_FOR_VIDEOS = new Set(['1', '109']);

/** The side-menu channels a creator can publish in: real categories, not links or feeds. */
export function publishableChannels(channels: readonly Channel[]): Channel[] {
  return channels.filter(
    (channel) => channel.url === null && !NOT_FOR_VIDEOS.has(channel.channelId),
  );
}
