import type { XmlPosition } from './xml-syntax-error.ts';

/** A line and column that moves over text, counting CRLF, CR and LF each as one line break. */
export interface Cursor extends XmlPosition {
  /** The last character seen was a CR, so an LF right after it does not start another line. */
  readonly afterCr: boolean;
}

export const documentStart: Cursor = { line: 1, column: 1, afterCr: false };

export function advance(cursor: Cursor, text: string, from = 0, to = text.length): Cursor {
  let { line, column, afterCr } = cursor;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) {
      if (!afterCr) {
        line++;
        column = 1;
      }
      afterCr = false;
    } else if (code === 0x0d) {
      line++;
      column = 1;
      afterCr = true;
    } else {
      afterCr = false;
      // The second half of a surrogate pair is the same character as the first.
      if (code < 0xdc00 || code > 0xdfff) column++;
    }
  }
  return { line, column, afterCr };
}
