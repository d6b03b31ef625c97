import type { Channel } from '@melon/shared/contracts/channel';
import { channelPagePath } from '@melon/shared/site-paths';

export { authorPath, HOME_CHANNEL_ID, videoPath } from '@melon/shared/site-paths';

/** Channel paths carry the channel's pinyin: lower-case letters, digits and dashes. */
export const CHANNEL_PINYIN = /^[a-z0-9-]{1,40}$/;

/** Where a side-menu entry leads: its own url when it has one, else its channel page. */
export function channelPath(channel: Pick<Channel, 'channelId' | 'pinyin' | 'url'>): string {
  if (channel.url) return channel.url;
  return channelPagePath(channel.channelId, channel.pinyin);
}

/** An address of this site (not another host): starts with one slash. */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

export const searchPath = (keyword: string): string => `/search/${encodeURIComponent(keyword)}`;

/** Login without the dialog: the sign-on page, told where to come back to (SPEC §2). */
export const loginPath = (service: string): string =>
  `/passport/login?service=${encodeURIComponent(service)}`;
