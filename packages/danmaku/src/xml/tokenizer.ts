import { advance, documentStart, type Cursor } from './cursor.ts';
import { decodeEntities } from './entities.ts';
import { XmlSyntaxError, type XmlPosition } from './xml-syntax-error.ts';

export interface XmlAttribute {
  readonly name: string;
  readonly value: string;
  /** Where the value starts (after its quote). */
  readonly position: XmlPosition;
}

export type XmlToken =
  | {
      readonly kind: 'open';
      readonly name: string;
      readonly attributes: readonly XmlAttribute[];
      readonly selfClosing: boolean;
      readonly position: XmlPosition;
    }
  | { readonly kind: 'close'; readonly name: string; readonly position: XmlPosition }
  | { readonly kind: 'text'; readonly text: string; readonly position: XmlPosition };

export interface XmlTokenizer {
  /** Feeds the next piece of the document; a token cut between two pieces waits for the rest. */
  write(chunk: string): void;
  /** Declares the document complete; throws if it stops in the middle of anything. */
  end(): void;
}

const nameStart = /[A-Za-z_:\u00c0-\uffff]/;
const name = /[A-Za-z_:\u00c0-\uffff][-A-Za-z0-9_:.\u00b7\u00c0-\uffff]*/y;
const space = /[ \t\r\n]*/y;

/**
 * A small non-validating XML tokenizer for well-formed documents: elements, attributes, text,
 * CDATA, comments and processing instructions (skipped). No DTDs, so no entity expansion. It
 * checks nesting and the single root, and throws an {@link XmlSyntaxError} at the first fault.
 */
export function createXmlTokenizer(onToken: (token: XmlToken) => void): XmlTokenizer {
  let buffer = '';
  let cursor: Cursor = documentStart;
  let failure: XmlSyntaxError | undefined;
  const open: { name: string; position: XmlPosition }[] = [];
  let rootSeen = false;

  const fail = (reason: string, at: XmlPosition): never => {
    failure = new XmlSyntaxError(reason, here(at));
    throw failure;
  };
  const here = ({ line, column }: XmlPosition): XmlPosition => ({ line, column });
  const at = (start: Cursor, raw: string, offset: number): Cursor => advance(start, raw, 0, offset);
  const describe = (position: XmlPosition) => `line ${position.line}, column ${position.column}`;

  function run(final: boolean): void {
    let offset = 0;
    while (offset < buffer.length) {
      const stop = buffer.charCodeAt(offset) === 0x3c ? markupEnd(offset) : textEnd(offset, final);
      if (stop === -1) {
        if (final) fail('the document ends inside the markup that starts here', cursor);
        break;
      }
      const raw = buffer.slice(offset, stop);
      if (raw.startsWith('<')) markup(raw);
      else text(raw);
      cursor = advance(cursor, raw);
      offset = stop;
    }
    buffer = buffer.slice(offset);
  }

  function textEnd(offset: number, final: boolean): number {
    const lt = buffer.indexOf('<', offset);
    return lt !== -1 ? lt : final ? buffer.length : -1;
  }

  /** The index just past the markup starting at `offset`, or -1 if it is not all here yet. */
  function markupEnd(offset: number): number {
    const rest = buffer.slice(offset, offset + 9);
    for (const [opener, closer] of [
      ['<!--', '-->'],
      ['<![CDATA[', ']]>'],
      ['<?', '?>'],
    ] as const) {
      if (rest.startsWith(opener)) {
        const close = buffer.indexOf(closer, offset + opener.length);
        return close === -1 ? -1 : close + closer.length;
      }
      if (opener.startsWith(rest)) return -1;
    }
    if (rest.startsWith('<!')) {
      const close = buffer.indexOf('>', offset);
      const bracket = buffer.indexOf('[', offset);
      if (bracket !== -1 && (close === -1 || bracket < close))
        fail('DTDs are not supported', cursor);
      return close === -1 ? -1 : close + 1;
    }
    let quote = 0;
    for (let i = offset + 1; i < buffer.length; i++) {
      const code = buffer.charCodeAt(i);
      if (quote !== 0) {
        if (code === quote) quote = 0;
      } else if (code === 0x22 || code === 0x27) {
        quote = code;
      } else if (code === 0x3e) {
        return i + 1;
      } else if (code === 0x3c) {
        fail(
          `"<" inside the tag that starts at ${describe(cursor)}: is that tag missing its ">"?`,
          at(cursor, buffer.slice(offset, i), i - offset),
        );
      }
    }
    return -1;
  }

  function markup(raw: string): void {
    if (raw.startsWith('<!--') || raw.startsWith('<?')) return;
    if (raw.startsWith('<![CDATA[')) {
      if (open.length === 0) fail('CDATA outside the root element', cursor);
      onToken({ kind: 'text', text: normaliseNewlines(raw.slice(9, -3)), position: here(cursor) });
      return;
    }
    if (raw.startsWith('<!')) return;
    if (raw.startsWith('</')) closeTag(raw);
    else openTag(raw);
  }

  function closeTag(raw: string): void {
    name.lastIndex = 2;
    const found = name.exec(raw)?.[0];
    if (found === undefined || raw.slice(2 + found.length, -1).trim() !== '') {
      fail(`malformed closing tag ${raw.slice(0, 40)}`, cursor);
    }
    const top = open.pop();
    if (top === undefined) return fail(`</${found}> closes nothing`, cursor);
    if (top.name !== found) {
      fail(`</${found}> does not close <${top.name}> opened at ${describe(top.position)}`, cursor);
    }
    onToken({ kind: 'close', name: top.name, position: here(cursor) });
  }

  function openTag(raw: string): void {
    const start = cursor;
    const position = here(start);
    name.lastIndex = 1;
    const tag = name.exec(raw)?.[0];
    if (tag === undefined) return fail('expected a tag name after "<"', at(start, raw, 1));
    if (open.length === 0 && rootSeen) fail(`<${tag}> after the end of the root element`, start);
    const attributes: XmlAttribute[] = [];
    let k = 1 + tag.length;
    for (;;) {
      space.lastIndex = k;
      const gap = space.exec(raw)?.[0].length ?? 0;
      k += gap;
      if (k === raw.length - 1) break;
      if (k === raw.length - 2 && raw[k] === '/') break;
      if (gap === 0 || !nameStart.test(raw[k] ?? '')) {
        fail(`unexpected "${raw[k] ?? ''}" in <${tag}>`, at(start, raw, k));
      }
      name.lastIndex = k;
      const attribute = name.exec(raw)?.[0] ?? '';
      k += attribute.length;
      space.lastIndex = k;
      k += space.exec(raw)?.[0].length ?? 0;
      if (raw[k] !== '=') fail(`attribute "${attribute}" has no value`, at(start, raw, k));
      space.lastIndex = k + 1;
      k += 1 + (space.exec(raw)?.[0].length ?? 0);
      const quote = raw[k];
      if (quote !== '"' && quote !== "'") {
        fail(`the value of attribute "${attribute}" must be quoted`, at(start, raw, k));
      }
      const close = raw.indexOf(quote ?? '"', k + 1);
      const value = attributeValue(raw.slice(k + 1, close), at(start, raw, k + 1));
      if (attributes.some((a) => a.name === attribute)) {
        fail(`attribute "${attribute}" appears twice`, at(start, raw, k));
      }
      attributes.push({ name: attribute, value, position: here(at(start, raw, k + 1)) });
      k = close + 1;
    }
    const selfClosing = raw.endsWith('/>');
    rootSeen = true;
    if (!selfClosing) open.push({ name: tag, position });
    onToken({ kind: 'open', name: tag, attributes, selfClosing, position });
  }

  function attributeValue(raw: string, start: Cursor): string {
    const lt = raw.indexOf('<');
    if (lt !== -1) fail('"<" in an attribute value', advance(start, raw, 0, lt));
    // Literal whitespace becomes spaces (XML §3.3.3); character references such as &#10; stay.
    return decode(raw, start, (s) => s.replace(/\r\n|[\t\n\r]/g, ' '));
  }

  /** Decodes `raw` after `normalise`, reporting a bad reference at its place in `raw`. */
  function decode(raw: string, start: Cursor, normalise: (raw: string) => string): string {
    const decoded = decodeEntities(raw);
    if ('badAt' in decoded) return fail(decoded.reason, advance(start, raw, 0, decoded.badAt));
    const normalised = normalise(raw);
    if (normalised === raw) return decoded.text;
    const again = decodeEntities(normalised);
    return 'text' in again ? again.text : decoded.text;
  }

  function text(raw: string): void {
    if (open.length === 0) {
      const first = raw.search(/[^ \t\r\n]/);
      if (first !== -1) {
        const where = at(cursor, raw, first);
        fail(rootSeen ? 'text after the root element' : 'text before the root element', where);
      }
      return;
    }
    onToken({ kind: 'text', text: decode(raw, cursor, normaliseNewlines), position: here(cursor) });
  }

  return {
    write(chunk) {
      if (failure) throw failure;
      buffer += buffer === '' && cursor === documentStart ? chunk.replace(/^\ufeff/, '') : chunk;
      run(false);
    },
    end() {
      if (failure) throw failure;
      run(true);
      const unclosed = open.at(-1);
      if (unclosed) {
        fail(
          `the document ends before <${unclosed.name}> opened at ${describe(unclosed.position)} is closed`,
          cursor,
        );
      }
      if (!rootSeen) fail('the document has no root element', cursor);
    },
  };
}

function normaliseNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
