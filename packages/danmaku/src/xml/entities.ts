const named: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

/** Characters XML 1.0 allows at all (§2.2); anything else cannot be written, even as `&#…;`. */
export function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/**
 * Decodes the five predefined entities and character references. Returns the offset of the
 * first bad reference instead of guessing, so the caller can say where the document broke.
 */
export function decodeEntities(raw: string): { text: string } | { badAt: number; reason: string } {
  if (!raw.includes('&')) return { text: raw };
  let text = '';
  let from = 0;
  for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', from)) {
    text += raw.slice(from, amp);
    const semicolon = raw.indexOf(';', amp);
    const name = semicolon === -1 ? '' : raw.slice(amp + 1, semicolon);
    const decoded = semicolon === -1 || name.length > 10 ? undefined : decodeReference(name);
    if (decoded === undefined) {
      const shown = semicolon === -1 || name.length > 10 ? raw.slice(amp, amp + 8) : `&${name};`;
      return { badAt: amp, reason: `bad entity reference "${shown}" (escape & as &amp;)` };
    }
    text += decoded;
    from = semicolon + 1;
  }
  return { text: text + raw.slice(from) };
}

function decodeReference(name: string): string | undefined {
  if (name.startsWith('#')) {
    const code = /^#x[0-9a-f]+$/i.test(name)
      ? Number.parseInt(name.slice(2), 16)
      : /^#[0-9]+$/.test(name)
        ? Number.parseInt(name.slice(1), 10)
        : Number.NaN;
    return isXmlChar(code) ? String.fromCodePoint(code) : undefined;
  }
  return Object.hasOwn(named, name) ? named[name] : undefined;
}

export function escapeText(text: string): string {
  return text.replace(/[&<>\r]/g, (c) => (c === '\r' ? '&#13;' : `&${entityOf(c)};`));
}

export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"\t\n\r]/g, (c) =>
    c === '\t' || c === '\n' || c === '\r' ? `&#${c.charCodeAt(0)};` : `&${entityOf(c)};`,
  );
}

function entityOf(c: string): string {
  switch (c) {
    case '&':
      return 'amp';
    case '<':
      return 'lt';
    case '>':
      return 'gt';
    default:
      return 'quot';
  }
}
