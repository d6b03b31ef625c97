/** A piece of a title: matched by the search or not. */
export interface TitlePart {
  text: string;
  hit: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The title cut where the matched words stand (case-insensitive, longest first), for a page to
 * mark as text: nothing of the title is ever read as HTML.
 */
export function highlightParts(title: string, matched: readonly string[]): TitlePart[] {
  const words = [...new Set(matched.map((word) => word.toLowerCase()).filter((w) => w.trim()))];
  if (words.length === 0) return [{ text: title, hit: false }];
  words.sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'giu');
  return title
    .split(pattern)
    .filter((text) => text !== '')
    .map((text) => ({ text, hit: words.includes(text.toLowerCase()) }));
}
