import type { MetaDescriptor } from 'react-router';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { pageMeta, siteOrigin, type PageMetaArgs } from '~/features/layout/page-meta.ts';
import { videoJsonLd } from '~/features/video-page/video-json-ld.ts';

/**
 * The head of a video page (decision 038): its title and description, the cover to share, its
 * one address (`path`), and the JSON-LD VideoObject.
 */
export function videoPageMeta(
  args: PageMetaArgs,
  details: VideoDetails,
  path: string,
): MetaDescriptor[] {
  return pageMeta(args, {
    title: details.title,
    description: details.abstract || details.title,
    ...(details.cover_url ? { image: details.cover_url } : {}),
    type: 'video.other',
    path,
    extra: [
      { property: 'video:duration', content: String(Math.round(details.duration)) },
      { 'script:ld+json': videoJsonLd(details, siteOrigin(args)) },
    ],
  });
}
