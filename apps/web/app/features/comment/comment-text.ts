import type { CommentSegment } from '@melon/shared/contracts/comment';
import { splitEmoji, type TextPart } from '@melon/shared/emoji/split-emoji';
import { sameOriginPath } from '@melon/shared/same-origin-path';
import { timeMarkParts } from './time-marks.ts';

/**
 * What a comment's text is drawn as: plain text, an emoji picture, a link on this site, or a
 * moment of the video that plays it.
 */
export type CommentTextPart =
  | TextPart
  | { kind: 'link'; text: string; path: string }
  | { kind: 'time'; text: string; atMs: number };

/** Any origin does: only a path that stays itself against it is a path of this site. */
const PROBE_ORIGIN = 'https://melon.invalid';

/**
 * Whether `path` is a plain path of this site (`/…`) by the site's one same-origin rule: never
 * another host, however a browser would read it (`//x`, `/\x`, encoded or invisible tricks).
 */
export const isSafeSitePath = (path: string): boolean =>
  path.startsWith('/') && sameOriginPath(path, PROBE_ORIGIN) === path;

/**
 * The server's segments as the page draws them: `[微笑]` codes in plain text become emoji,
 * moments within the video's length (`02:15`) become moments to play, and a link segment stays
 * clickable only when its path is a path of this site (the server sends nothing else; a path
 * that is not one is shown as text all the same).
 */
export function commentTextParts(
  segments: readonly CommentSegment[],
  durationMs = 0,
): CommentTextPart[] {
  return segments.flatMap((segment): CommentTextPart[] => {
    if (segment.kind === 'link' && isSafeSitePath(segment.path)) return [segment];
    return splitEmoji(segment.text).flatMap((part): CommentTextPart[] =>
      part.kind === 'text' ? timeMarkParts(part.text, durationMs) : [part],
    );
  });
}
