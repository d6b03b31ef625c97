import type { Location, MetaDescriptor } from 'react-router';
import { absoluteUrl } from '@melon/shared/site-paths';
import { documentTitle, layoutMessages } from './messages.ts';

/** What a page says of itself when it says nothing more (the home page's words). */
export const SITE_DESCRIPTION = '甜瓜视频：发现好看的短视频、影视、音乐、游戏与直播。';

/** The longest description search engines show; a longer one is cut (decision 038). */
const DESCRIPTION_MAX = 160;

/** What a route's `meta` needs of React Router's arguments. */
export interface PageMetaArgs {
  location: Pick<Location, 'pathname'>;
  matches: readonly ({ id: string; loaderData: unknown } | undefined)[];
}

export interface PageMeta {
  /** The page's own name; the site's name follows it. The site's title when left out. */
  title?: string;
  description?: string;
  /** The picture shared with the link: an address of this site or a full one. */
  image?: string;
  /** Open Graph type: a page, a video, an author. */
  type?: 'website' | 'video.other' | 'profile';
  /** The page's one address (a path); the requested path without its query when left out. */
  path?: string;
  /** Pages of one viewer, sign-in and operator pages: search engines leave them out. */
  noindex?: boolean;
  /** Tags of the page's own (JSON-LD, video properties), after the common ones. */
  extra?: MetaDescriptor[];
}

/** The site's public origin, as the root loader read it from the request (MELON_PUBLIC_URL). */
export function siteOrigin(args: Pick<PageMetaArgs, 'matches'>): string {
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData;
  const origin = (root as { origin?: unknown } | undefined)?.origin;
  return typeof origin === 'string' ? origin : '';
}

/** Text as one line of at most DESCRIPTION_MAX characters. */
function describe(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > DESCRIPTION_MAX ? `${line.slice(0, DESCRIPTION_MAX - 1)}…` : line;
}

/**
 * The head of a page (decision 038): title, description, canonical address, Open Graph and
 * Twitter card, robots for pages search engines should leave out, then the page's own tags.
 */
export function pageMeta(args: PageMetaArgs, page: PageMeta = {}): MetaDescriptor[] {
  const origin = siteOrigin(args);
  const canonical = origin + (page.path ?? args.location.pathname);
  const description = describe(page.description || SITE_DESCRIPTION);
  const image = page.image ? absoluteUrl(origin, page.image) : undefined;
  return [
    { title: documentTitle(page.title) },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:site_name', content: layoutMessages.siteName },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title ?? documentTitle() },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: 'zh_CN' },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ...(page.extra ?? []),
  ];
}
