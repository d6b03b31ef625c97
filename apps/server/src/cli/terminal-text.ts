/**
 * Control characters (C0 with tab and line breaks, DEL, C1 — ESC starts terminal escape
 * sequences, which can clear the screen, retitle the window or forge output) and the bidi
 * controls (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069, which reorder what follows).
 */
const UNSAFE = /[\p{Cc}\p{Bidi_Control}]/gu;

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

/**
 * Text a site user wrote, made safe to print on the operator's terminal: every control and
 * bidi character shown as its escape (`\x1b`, `\u202e`), everything else (Chinese, emoji,
 * punctuation, backslashes) unchanged. Every `melon` command passes user text through it.
 */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
  });
}

/** Text of several lines, one safe line each (a carriage return stays escaped). */
export const terminalLines = (text: string): string[] => text.split('\n').map(terminalText);
