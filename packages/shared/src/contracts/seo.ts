import Type, { type Static } from 'typebox';
import { oneOf } from './one-of.ts';

/*
 * SEO link blocks (SPEC §7 SEO: get-hot-authors, get-hot-spots, get-vote-links; Other:
 * otherv2/links; SPEC §3 "SEO links and update time"; decision 038). Every list is links a
 * crawler can follow: a title and a site path.
 */

/** Links one SEO call gives at most, and when it is not asked. */
export const SEO_LINKS_MAX = 50;
export const SEO_LINKS_DEFAULT = 20;

/** One link: what it is called and the page it opens (a path of this site). */
export const SeoLink = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url: Type.String(),
});
export type SeoLink = Static<typeof SeoLink>;

/** The query of get-hot-authors, get-hot-spots and get-vote-links: how many links. */
export const SeoLinksQuery = Type.Object({
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: SEO_LINKS_MAX })),
});
export type SeoLinksQuery = Static<typeof SeoLinksQuery>;

/** A list of links and when it was made (10-digit seconds, SPEC §9). */
export const SeoLinkList = Type.Object({
  list: Type.Array(SeoLink),
  update_time: Type.Integer(),
});
export type SeoLinkList = Static<typeof SeoLinkList>;

/** The blocks of links under a page, in order. */
export const SEO_BLOCK_KEYS = ['hot_spots', 'hot_authors', 'vote_links', 'channels'] as const;
export type SeoBlockKey = (typeof SEO_BLOCK_KEYS)[number];

/** One block: its key, its heading (Chinese) and its links; a block with no links is left out. */
export const SeoLinkBlock = Type.Object({
  key: oneOf(SEO_BLOCK_KEYS),
  title: Type.String(),
  list: Type.Array(SeoLink),
});
export type SeoLinkBlock = Static<typeof SeoLinkBlock>;

/** otherv2/links data: the link blocks of the site's pages. */
export const SeoLinkBlocks = Type.Object({
  blocks: Type.Array(SeoLinkBlock),
  update_time: Type.Integer(),
});
export type SeoLinkBlocks = Static<typeof SeoLinkBlocks>;
