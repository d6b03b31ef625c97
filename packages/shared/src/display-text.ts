/**
 * Text that other people see as someone's own (a nickname, a profile description) must show
 * what it holds. Refused everywhere: control characters (Unicode Cc), format characters (Cf:
 * the zero-width U+200B–U+200F, U+2060–U+2064 and U+FEFF, the bidirectional controls
 * U+202A–U+202E and U+2066–U+2069, the soft hyphen and the rest), and line and paragraph
 * separators (Zl, Zp). With them a name can look like another one, or run backwards.
 */
const HIDDEN = String.raw`\p{Cc}\p{Cf}\p{Zl}\p{Zp}`;

/**
 * The one format character people write on purpose: the zero-width joiner inside an emoji
 * sequence (👩‍💻, 👨‍👩‍👧), after a pictograph (or its skin tone or variation selector) and before the
 * next pictograph. Anywhere else it hides, as the others do. Written without lookaround, so
 * test generators (fast-check's stringMatching) can produce text of the pattern.
 */
const JOINED_EMOJI = String.raw`[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F](?:\u200D\p{Extended_Pictographic})+`;

/** JSON Schema `pattern` (compiled with the `u` flag, as Ajv and TypeBox do) of one line. */
export const SINGLE_LINE_TEXT_PATTERN = `^(?:[^${HIDDEN}]|${JOINED_EMOJI})*$`;
/** JSON Schema `pattern` of text that may break lines (`\n` or `\r\n`), nothing else hidden. */
export const MULTI_LINE_TEXT_PATTERN = String.raw`^(?:[^${HIDDEN}]|${JOINED_EMOJI}|\r?\n)*$`;

const SINGLE_LINE = new RegExp(SINGLE_LINE_TEXT_PATTERN, 'u');
const MULTI_LINE = new RegExp(MULTI_LINE_TEXT_PATTERN, 'u');

/** True when the text has no hidden character and no line break. */
export const isSingleLineText = (text: string): boolean => SINGLE_LINE.test(text);
/** True when the text has no hidden character but line breaks. */
export const isMultiLineText = (text: string): boolean => MULTI_LINE.test(text);

/** A joined emoji (kept whole) or a hidden character (taken out). */
const JOINED_EMOJI_OR_HIDDEN = new RegExp(`(${JOINED_EMOJI})|[${HIDDEN}]`, 'gu');

/** The text with every hidden character and line break taken out: for names Melon does not choose (a third-party platform's). */
export const withoutHiddenCharacters = (text: string): string =>
  text.replace(JOINED_EMOJI_OR_HIDDEN, (_match, joined: string | undefined) => joined ?? '');
