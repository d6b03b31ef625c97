import { isMultiLineText } from '@melon/shared/display-text';
import type { CommentSegment } from '@melon/shared/contracts/comment';
import { COMMENT_TEXT_MAX } from '@melon/shared/contracts/comment';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { sameOriginPath } from '@melon/shared/same-origin-path';
import { invalid } from '../../lib/domain-error.ts';
import { commentMessages } from './comment.messages.ts';

/**
 * A comment's text: plain text of 1–1000 characters once trimmed, line breaks allowed, no
 * hidden character (`display-text.ts`). Stored as written and never read as markup; the only
 * thing a page makes clickable is a link to this site (`segmentsOf`).
 */
export function checkCommentText(raw: string, field: string): string {
  const text = raw.trim();
  const length = codePointLength(text);
  if (length === 0 || length > COMMENT_TEXT_MAX) throw invalid(commentMessages.textLength, field);
  if (!isMultiLineText(text)) throw invalid(commentMessages.hiddenChars, field);
  return text;
}

/**
 * What counts as a link: an address with an http(s) scheme or starting with `www.`, up to the
 * first character that cannot be in a URL (white space, CJK text and punctuation). Bare names
 * like `example.com` stay text: too many ordinary words look like them.
 */
const LINK = /(?:https?:\/\/|www\.)[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]'"]+$/;

interface FoundLink {
  start: number;
  text: string;
  url: URL | null;
}

function findLinks(text: string): FoundLink[] {
  return [...text.matchAll(LINK)].map((match) => {
    const linkText = match[0].replace(TRAILING, '');
    const href = /^www\./i.test(linkText) ? `http://${linkText}` : linkText;
    return { start: match.index, text: linkText, url: URL.parse(href) };
  });
}

/** The path on this site a link leads to, or undefined for a link elsewhere. */
function pathOnSite(url: URL | null, origin: string): string | undefined {
  if (!url || url.host !== new URL(origin).host) return undefined;
  return sameOriginPath(`${url.pathname}${url.search}${url.hash}`, origin);
}

/** Whether the text links to another site (held for the video's author's approval). */
export const linksElsewhere = (text: string, origin: string): boolean =>
  findLinks(text).some((link) => pathOnSite(link.url, origin) === undefined);

/** The text cut into plain text and links to this site, in order. */
export function segmentsOf(text: string, origin: string): CommentSegment[] {
  const segments: CommentSegment[] = [];
  let plain = '';
  let at = 0;
  for (const link of findLinks(text)) {
    const path = pathOnSite(link.url, origin);
    if (path === undefined) continue;
    plain += text.slice(at, link.start);
    if (plain) segments.push({ kind: 'text', text: plain });
    segments.push({ kind: 'link', text: link.text, path });
    plain = '';
    at = link.start + link.text.length;
  }
  plain += text.slice(at);
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}
