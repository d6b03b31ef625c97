/**
 * Compiles shield words into one test. `/pattern/flags` is a regular expression (an invalid
 * one is matched as plain text, since the viewer meant to hide something); anything else
 * matches anywhere in the text, ignoring case.
 */
export function compileShieldWords(words: readonly string[]): (text: string) => boolean {
  const plain: string[] = [];
  const patterns: RegExp[] = [];
  for (const word of words) {
    const pattern = toRegExp(word);
    if (pattern) patterns.push(pattern);
    else if (word.trim() !== '') plain.push(word.toLowerCase());
  }
  if (plain.length === 0 && patterns.length === 0) return () => false;
  return (text) => {
    const lower = text.toLowerCase();
    return plain.some((w) => lower.includes(w)) || patterns.some((p) => p.test(text));
  };
}

function toRegExp(word: string): RegExp | undefined {
  const match = /^\/(.+)\/([a-z]*)$/s.exec(word);
  if (!match) return undefined;
  const [, source = '', flags = ''] = match;
  try {
    // g and y make test() remember where it stopped; a shield word must not.
    return new RegExp(source, flags.replace(/[gy]/g, ''));
  } catch {
    return undefined;
  }
}
