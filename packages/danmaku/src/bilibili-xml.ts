import type { DanmakuMode, DanmakuPool } from '@melon/shared/danmaku/modes';
import type { Danmaku, DanmakuSize } from './model.ts';
import { namedSizePx } from './model.ts';
import { plainText } from './plain-text.ts';
import { escapeAttribute, escapeText, isXmlChar } from './xml/entities.ts';
import { createXmlTokenizer, type XmlAttribute, type XmlToken } from './xml/tokenizer.ts';
import { XmlSyntaxError, type XmlPosition } from './xml/xml-syntax-error.ts';

/** A danmaku read from bilibili XML, with what the format carries beyond Melon's model. */
export interface BilibiliDanmaku extends Danmaku {
  /** bilibili's mode 1–9, kept so modes 2, 3 and 7–9 survive a round trip. */
  readonly bilibiliMode: number;
  /** bilibili's hash of the sender's id; empty when unknown. */
  readonly userHash: string;
}

/** What the writer accepts: any danmaku, with bilibili's extras when it has them. */
export type WritableDanmaku = Danmaku & Partial<Pick<BilibiliDanmaku, 'bilibiliMode' | 'userHash'>>;

export interface BilibiliXmlParser {
  write(chunk: string): void;
  /** Every danmaku of the document, or an {@link XmlSyntaxError}: never part of a document. */
  end(): BilibiliDanmaku[];
}

const pools: readonly DanmakuPool[] = ['normal', 'subtitle', 'special'];

/** Modes 7–9 (positioned, code and BAS danmaku) are shown as plain top text, never run. */
export function modeFromBilibili(mode: number): DanmakuMode {
  if (mode <= 3) return 'scroll';
  if (mode === 4) return 'bottom';
  if (mode === 6) return 'reverse';
  return 'top';
}

function modeToBilibili(danmaku: WritableDanmaku): number {
  const kept = danmaku.bilibiliMode;
  if (kept !== undefined && modeFromBilibili(kept) === danmaku.mode) return kept;
  switch (danmaku.mode) {
    case 'scroll':
      return 1;
    case 'bottom':
      return 4;
    case 'top':
      return 5;
    case 'reverse':
      return 6;
  }
}

function sizeFromPx(px: number): DanmakuSize {
  if (px === namedSizePx.small) return 'small';
  if (px === namedSizePx.normal) return 'normal';
  if (px === namedSizePx.large) return 'large';
  return px;
}

/** A streaming parser: feed the document in pieces (a file stream's chunks), then `end()`. */
export function createBilibiliXmlParser(): BilibiliXmlParser {
  const list: BilibiliDanmaku[] = [];
  let depth = 0;
  let current: { p: XmlAttribute; position: XmlPosition; text: string } | undefined;

  const tokenizer = createXmlTokenizer((token: XmlToken) => {
    switch (token.kind) {
      case 'open':
        if (depth === 0 && token.name !== 'i') {
          throw new XmlSyntaxError(
            `expected bilibili's root element <i>, found <${token.name}>`,
            token.position,
          );
        }
        if (current) {
          throw new XmlSyntaxError(
            `<${token.name}> inside the danmaku opened at line ${current.position.line}, column ${current.position.column}: is its </d> missing?`,
            token.position,
          );
        }
        if (depth === 1 && token.name === 'd') {
          const p = token.attributes.find((a) => a.name === 'p');
          if (!p) throw new XmlSyntaxError('<d> without its p attribute', token.position);
          current = { p, position: token.position, text: '' };
          if (token.selfClosing) finish();
        }
        if (!token.selfClosing) depth++;
        return;
      case 'close':
        depth--;
        if (current && depth === 1) finish();
        return;
      case 'text':
        if (current) current.text += token.text;
        return;
    }
  });

  function finish(): void {
    if (!current) return;
    list.push(danmakuFrom(current.p, current.text));
    current = undefined;
  }

  let failure: Error | undefined;
  const guarded = (step: () => void) => {
    if (failure) throw failure;
    try {
      step();
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw failure;
    }
  };
  return {
    write: (chunk) => {
      guarded(() => {
        tokenizer.write(chunk);
      });
    },
    end: () => {
      guarded(() => {
        tokenizer.end();
      });
      return list;
    },
  };
}

export function parseBilibiliXml(xml: string): BilibiliDanmaku[] {
  const parser = createBilibiliXmlParser();
  parser.write(xml);
  return parser.end();
}

/** `p="time,mode,size,color,sendtime,pool,userhash,dmid"`; later fields (weight) are ignored. */
function danmakuFrom(p: XmlAttribute, rawText: string): BilibiliDanmaku {
  const fields = p.value.split(',');
  const field = (index: number, name: string, valid: (n: number) => boolean): number => {
    const raw = fields[index] ?? '';
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!valid(value)) {
      const offset = fields.slice(0, index).join(',').length + (index > 0 ? 1 : 0);
      throw new XmlSyntaxError(`bad ${name} "${raw}" in p="${p.value}"`, {
        line: p.position.line,
        column: p.position.column + offset,
      });
    }
    return value;
  };
  if (fields.length < 8) {
    throw new XmlSyntaxError(
      `p="${p.value}" has ${fields.length} fields, bilibili's format has 8`,
      p.position,
    );
  }
  const time = field(0, 'time', (n) => Number.isFinite(n) && n >= 0);
  const mode = field(1, 'mode', (n) => Number.isInteger(n) && n >= 1 && n <= 9);
  const size = field(2, 'size', (n) => Number.isFinite(n) && n > 0);
  // Some exports carry an alpha byte; the colour is the low 24 bits.
  const colour = field(3, 'colour', (n) => Number.isSafeInteger(n) && n >= 0) & 0xffffff;
  const sendTime = field(4, 'send time', (n) => Number.isSafeInteger(n) && n >= 0);
  const pool = field(5, 'pool', (n) => n === 0 || n === 1 || n === 2);
  const id = fields[7] ?? '';
  if (id === '') field(7, 'danmaku id', () => false);
  return {
    id,
    time: Math.round(time * 1000),
    text: plainText(rawText.replaceAll('/n', '\n')),
    colour,
    mode: modeFromBilibili(mode),
    size: sizeFromPx(Math.round(size)),
    pool: pools[pool] ?? 'normal',
    own: false,
    sendTime: sendTime * 1000,
    likes: 0,
    bilibiliMode: mode,
    userHash: fields[6] ?? '',
  };
}

/**
 * Writes bilibili XML that bilibili's own tools and other players read; a note, when given,
 * comes first as an XML comment, which every reader skips.
 */
export function writeBilibiliXml(list: Iterable<WritableDanmaku>, note = ''): string {
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n<i>\n';
  // A comment may not hold two hyphens in a row.
  if (note !== '') xml += `<!-- ${note.replaceAll(/-+/g, '-')} -->\n`;
  for (const danmaku of list) xml += `${danmakuLine(danmaku)}\n`;
  return `${xml}</i>\n`;
}

function danmakuLine(danmaku: WritableDanmaku): string {
  const size =
    typeof danmaku.size === 'number' ? Math.round(danmaku.size) : namedSizePx[danmaku.size];
  const p = [
    Math.max(0, Math.round(danmaku.time)) / 1000,
    modeToBilibili(danmaku),
    size,
    // bilibili writes the colour in decimal: 255 is "255", blue, read back as 0x0000ff.
    danmaku.colour & 0xffffff,
    Math.max(0, Math.floor(danmaku.sendTime / 1000)),
    Math.max(0, pools.indexOf(danmaku.pool)),
    withoutCommas(danmaku.userHash ?? ''),
    withoutCommas(danmaku.id),
  ].join(',');
  const text = escapeText(writableText(plainText(danmaku.text)).replaceAll('\n', '/n'));
  return `<d p="${escapeAttribute(p)}">${text}</d>`;
}

function withoutCommas(value: string): string {
  return value.replaceAll(',', '');
}

/** Drops what XML 1.0 cannot carry at all (lone surrogates, U+FFFE, U+FFFF). */
function writableText(text: string): string {
  let out = '';
  for (const char of text) if (isXmlChar(char.codePointAt(0) ?? 0)) out += char;
  return out;
}
