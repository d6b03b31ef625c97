/** The site's page addresses (SPEC §2), for the pages' links and the server's sitemaps alike. */

/** The channel of the home page's feed (推荐); its menu entry links to / (SPEC §2). */
export const HOME_CHANNEL_ID = '1';

export const videoPath = (groupId: string): string => `/${groupId}`;

/** The embeddable player of a video, series or album (decision 057). */
export const embedPath = (mixId: string): string => `/iframe/${mixId}`;

export const authorPath = (userId: string): string => `/home/${userId}`;

/** A channel's page: / for the home channel, else /channel/<pinyin>. */
export const channelPagePath = (channelId: string, pinyin: string): string =>
  channelId === HOME_CHANNEL_ID ? '/' : `/channel/${pinyin}`;

/** A full address for a site path on `origin`, or the address itself when it is full already. */
export const absoluteUrl = (origin: string, url: string): string =>
  /^https?:\/\//.test(url) ? url : `${origin}${url}`;
