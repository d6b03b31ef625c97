import { EMOJI, type Emoji } from './emoji-list.ts';

/** A run of a text: plain words, or one known emoji code to draw as its picture. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'emoji'; emoji: Emoji };

const BY_CODE: ReadonlyMap<string, Emoji> = new Map(EMOJI.map((emoji) => [emoji.code, emoji]));

/** A bracketed name as codes are written; whether it names an emoji is looked up. */
const CODE = /\[[^[\]\s]{1,8}\]/g;

/**
 * Splits text into plain runs and emoji, for the comment area and danmaku: `[微笑]` becomes the
 * emoji, an unknown `[名字]` stays text, and adjacent text is kept as one run. Joining the parts
 * back (text, or the emoji's code) gives the text again.
 */
export function splitEmoji(text: string, known: ReadonlyMap<string, Emoji> = BY_CODE): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  const pushText = (to: number) => {
    if (to > from) parts.push({ kind: 'text', text: text.slice(from, to) });
  };
  for (const match of text.matchAll(CODE)) {
    const emoji = known.get(match[0]);
    if (!emoji) continue;
    pushText(match.index);
    parts.push({ kind: 'emoji', emoji });
    from = match.index + match[0].length;
  }
  pushText(text.length);
  return parts;
}
