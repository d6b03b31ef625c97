const genericFamilies = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy']);

/** Letters (any script), digits, spaces, `-` and `_`: nothing a CSS font string could escape with. */
const safeName = /^[\p{L}\p{N} _-]{1,40}$/u;
const maxNames = 4;

/**
 * A danmaku's font family as a CSS list of quoted names, keeping only the names that are plain
 * names; undefined when none is. Whatever else it carries (`url(`, quotes, `;`) is dropped, so
 * it can be put into a canvas font string as it is.
 */
export function safeFontFamily(raw: string): string | undefined {
  const names = raw
    .split(',')
    .map((name) =>
      name
        .trim()
        .replace(/^(["'])(.*)\1$/, '$2')
        .trim(),
    )
    .filter((name) => safeName.test(name))
    .slice(0, maxNames)
    .map((name) => (genericFamilies.has(name.toLowerCase()) ? name.toLowerCase() : `"${name}"`));
  return names.length > 0 ? names.join(', ') : undefined;
}
