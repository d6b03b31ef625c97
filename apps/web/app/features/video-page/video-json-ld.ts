import type { VideoDetails } from '@melon/shared/contracts/video';
import { toMilliseconds } from '@melon/shared/format/timestamp';
import { absoluteUrl, authorPath } from '@melon/shared/site-paths';

/** An ISO 8601 duration of whole seconds: PT1H2M3S, PT45S, PT0S. */
export function isoDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || total === 0 ? `${s}S` : ''}`;
  return `PT${parts}`;
}

const counter = (action: string, count: number) => ({
  '@type': 'InteractionCounter',
  interactionType: { '@type': action },
  userInteractionCount: count,
});

/**
 * The video page's schema.org VideoObject (decision 038), for search engines' video results:
 * name, description, cover, upload date, ISO 8601 duration, plays, likes and comments, the
 * embeddable player and the author. Addresses are full (`origin` is the site's).
 */
export function videoJsonLd(details: VideoDetails, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: details.title,
    description: details.abstract || details.title,
    thumbnailUrl: details.cover_url ? [absoluteUrl(origin, details.cover_url)] : [],
    uploadDate: new Date(toMilliseconds(details.publish_time)).toISOString(),
    duration: isoDuration(details.duration),
    embedUrl: `${origin}/iframe/${details.group_id}`,
    interactionStatistic: [
      counter('WatchAction', details.play_count),
      counter('LikeAction', details.digg_count),
      counter('CommentAction', details.comment_count),
    ],
    author: {
      '@type': 'Person',
      name: details.user_info.name,
      url: origin + authorPath(details.user_info.user_id),
    },
  };
}
