import { absoluteUrl, embedPath } from '@melon/shared/site-paths';

/** The player's size in the code a site pastes: 16:9, as most videos are. */
const EMBED_WIDTH = 640;
const EMBED_HEIGHT = 360;

/** The <iframe> another site pastes to play the video (decision 057). */
export function embedCode(origin: string, mixId: string, title: string): string {
  const src = absoluteUrl(origin, embedPath(mixId));
  const name = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    `<iframe src="${src}" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" title="${name}" ` +
    `frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`
  );
}
