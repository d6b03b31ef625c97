import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@melon/shared/testing/fixtures';
import {
  createBilibiliXmlParser,
  modeFromBilibili,
  parseBilibiliXml,
  writeBilibiliXml,
  type BilibiliDanmaku,
} from './bilibili-xml.ts';
import type { Danmaku } from './model.ts';
import { XmlSyntaxError } from './xml/xml-syntax-error.ts';

const fixture = (name: string) => readFileSync(fixturePath('danmaku', name), 'utf8');
const pools = ['bilibili.xml', 'comment.xml', 'rokubunnoichi.xml'];

/** Counts straight from the raw text, without the parser under test. */
function rawCounts(xml: string) {
  const modes = new Map<number, number>();
  const poolCounts = new Map<number, number>();
  for (const [, p = ''] of xml.matchAll(/<d p="([^"]*)"/g)) {
    const [, mode, , , , pool] = p.split(',');
    modes.set(Number(mode), (modes.get(Number(mode)) ?? 0) + 1);
    poolCounts.set(Number(pool), (poolCounts.get(Number(pool)) ?? 0) + 1);
  }
  return { total: xml.match(/<d p="/g)?.length ?? 0, modes, pools: poolCounts };
}

function thrown(run: () => unknown): XmlSyntaxError {
  try {
    run();
  } catch (error) {
    if (error instanceof XmlSyntaxError) return error;
    throw error;
  }
  throw new Error('expected an XmlSyntaxError');
}

function tally<T>(values: Iterable<T>): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

describe('parseBilibiliXml on real pools', () => {
  it.each(pools)('%s: every danmaku, with the right count per mode and pool', (name) => {
    const xml = fixture(name);
    const expected = rawCounts(xml);
    const list = parseBilibiliXml(xml);

    expect(list).toHaveLength(expected.total);
    expect(tally(list.map((d) => d.bilibiliMode))).toEqual(expected.modes);
    const byMode = new Map<string, number>();
    for (const [mode, count] of expected.modes) {
      const ours = modeFromBilibili(mode);
      byMode.set(ours, (byMode.get(ours) ?? 0) + count);
    }
    expect(tally(list.map((d) => d.mode))).toEqual(byMode);
    const poolNames = ['normal', 'subtitle', 'special'];
    expect(tally(list.map((d) => d.pool))).toEqual(
      new Map([...expected.pools].map(([pool, count]) => [poolNames[pool], count])),
    );
  });

  it('knows the modes in the files', () => {
    expect(rawCounts(fixture('bilibili.xml')).modes).toEqual(
      new Map([
        [1, 64],
        [7, 267],
      ]),
    );
    expect(rawCounts(fixture('comment.xml')).modes).toEqual(
      new Map([
        [1, 1202],
        [4, 110],
        [5, 74],
      ]),
    );
  });

  it('reads the fields of one danmaku', () => {
    const [first] = parseBilibiliXml(fixture('comment.xml'));
    expect(first).toEqual({
      id: '30723621',
      time: 94_000,
      text: '神啊，知道，二次元的世界吗~~\n',
      colour: 0xffffff,
      mode: 'scroll',
      size: 'normal',
      pool: 'normal',
      own: false,
      sendTime: 1_307_940_958_000,
      likes: 0,
      bilibiliMode: 1,
      userHash: 'Da9e216f',
    } satisfies BilibiliDanmaku);
  });

  it('turns /n into line breaks and keeps the ascii art intact', () => {
    const [first] = parseBilibiliXml(fixture('bilibili.xml'));
    expect(first?.text).toBe(`\n\n\n█\n\n\n\n█${'\n'.repeat(12)}`);
    expect(first?.time).toBe(6100);
    expect(first?.colour).toBe(255);
    expect(first?.size).toBe('small');
  });

  it('keeps advanced (mode 7) danmaku as plain top text with entities decoded', () => {
    const advanced = parseBilibiliXml(fixture('rokubunnoichi.xml')).find(
      (d) => d.bilibiliMode === 7,
    );
    expect(advanced?.mode).toBe('top');
    expect(advanced?.pool).toBe('subtitle');
    expect(advanced?.text).toBe('["35","136","1-1","0.2","1","0","0"]');
  });

  it.each(pools)('%s: parse, write, parse gives the same danmaku', (name) => {
    const first = parseBilibiliXml(fixture(name));
    const written = writeBilibiliXml(first);
    expect(parseBilibiliXml(written)).toEqual(first);
    expect(writeBilibiliXml(parseBilibiliXml(written))).toBe(written);
  });

  it('writes a note first as a comment that readers skip', () => {
    const xml = writeBilibiliXml([sample], '只含最新的 -- 条 -');
    expect(xml.split('\n')[2]).toBe('<!-- 只含最新的 - 条 - -->');
    expect(parseBilibiliXml(xml)).toEqual(parseBilibiliXml(writeBilibiliXml([sample])));
  });

  it('gives the same result whatever pieces a stream delivers', () => {
    const xml = fixture('comment.xml');
    const whole = parseBilibiliXml(xml);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: xml.length - 1 }), { maxLength: 40 }),
        (cuts) => {
          const parser = createBilibiliXmlParser();
          let from = 0;
          for (const cut of [...cuts].sort((a, b) => a - b)) {
            parser.write(xml.slice(from, cut));
            from = cut;
          }
          parser.write(xml.slice(from));
          expect(parser.end()).toEqual(whole);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('malformed documents', () => {
  it('invalid-no_closing.xml fails where the unclosed danmaku is found, with nothing returned', () => {
    const error = thrown(() => parseBilibiliXml(fixture('invalid-no_closing.xml')));
    expect(error.line).toBe(9);
    expect(error.column).toBe(1);
    expect(error.message).toMatch(/opened at line 8, column 1.*\(line 9, column 1\)$/);
  });

  it('a truncated document always fails, and says where', () => {
    const xml = fixture('comment.xml');
    const complete = xml.lastIndexOf('</i>') + '</i>'.length;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: complete - 1 }), (length) => {
        const error = thrown(() => parseBilibiliXml(xml.slice(0, length)));
        expect(error.line).toBeGreaterThanOrEqual(1);
        expect(error.column).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  const d = (p: string, text = 'x') => `<?xml version="1.0"?>\n<i>\n<d p="${p}">${text}</d>\n</i>`;
  const valid = '1.5,1,25,16777215,1700000000,0,abc,1';
  it.each([
    ['an unclosed root', '<i>\n<d p="1,1,25,0,0,0,a,1">x</d>', 2, 30, /<i> opened at line 1/],
    ['a tag cut off', '<i><d p="1,1,25,0,0,0,a,1"', 1, 4, /ends inside/],
    ['a missing ">"', '<i>\n<d p="1,1,25,0,0,0,a,1"\n<d p="2">y</d></i>', 3, 1, /missing its ">"/],
    ['an unquoted attribute', '<i><d p=1>x</d></i>', 1, 9, /must be quoted/],
    ['an attribute without a value', '<i><d p>x</d></i>', 1, 8, /no value/],
    ['a repeated attribute', '<i><d p="a" p="b">x</d></i>', 1, 15, /twice/],
    ['a mismatched close', '<i><d p="1">x</e></i>', 1, 14, /<\/e> does not close <d>/],
    ['a bad entity', '<i>\n  <d p="1,1,25,0,0,0,a,1">a &nbsp; b</d></i>', 2, 29, /&nbsp;/],
    ['a bare ampersand', d(valid, 'R&D'), 3, 46, /bad entity/],
    ['a missing p', '<i><d>x</d></i>', 1, 4, /without its p/],
    ['too few fields', d('1,1,25,0'), 3, 7, /4 fields/],
    ['a bad time', d('abc,1,25,0,0,0,a,1'), 3, 7, /bad time "abc"/],
    ['a negative time', d('-1,1,25,0,0,0,a,1'), 3, 7, /bad time/],
    ['a bad mode', d('1,10,25,0,0,0,a,1'), 3, 9, /bad mode "10"/],
    ['a bad size', d('1,1,big,0,0,0,a,1'), 3, 11, /bad size/],
    ['a bad colour', d('1,1,25,#fff,0,0,a,1'), 3, 14, /bad colour "#fff"/],
    ['a bad pool', d('1,1,25,0,0,7,a,1'), 3, 18, /bad pool "7"/],
    ['an empty id', d('1,1,25,0,0,0,a,'), 3, 22, /bad danmaku id/],
    ['a wrong root', '<?xml version="1.0"?><root></root>', 1, 22, /root element <i>, found <root>/],
    ['no root at all', '<?xml version="1.0"?>\n', 2, 1, /no root/],
    ['text outside the root', '<i></i>\ntrailing', 2, 1, /after the root/],
    ['a second root', '<i></i><i></i>', 1, 8, /after the end of the root/],
    ['a DTD', '<!DOCTYPE i [<!ENTITY x "y">]><i></i>', 1, 1, /DTDs/],
  ])('%s', (_label, xml, line, column, message) => {
    const error = thrown(() => parseBilibiliXml(xml));
    expect(error.message).toMatch(message);
    expect({ line: error.line, column: error.column }).toEqual({ line, column });
  });

  it('keeps failing after the first error', () => {
    const parser = createBilibiliXmlParser();
    expect(() => {
      parser.write('<i><d p=1>');
    }).toThrow(XmlSyntaxError);
    expect(() => {
      parser.write('</i>');
    }).toThrow(/must be quoted/);
    expect(() => parser.end()).toThrow(/must be quoted/);
  });
});

describe('markup in danmaku text stays text', () => {
  const markup = fixture('invalid-xss.xml');

  it('invalid-xss.xml is not a danmaku document: refused, with where', () => {
    const error = thrown(() => parseBilibiliXml(markup));
    expect(error.message).toMatch(/root element <i>, found <img>/);
    expect({ line: error.line, column: error.column }).toEqual({ line: 1, column: 1 });
  });

  it('invalid-xss.xml as the text of a danmaku comes back as literal characters', () => {
    const sent: Danmaku = { ...sample, text: markup };
    const xml = writeBilibiliXml([sent]);
    expect(xml).not.toContain('<img');
    const [read] = parseBilibiliXml(xml);
    expect(read?.text).toBe(markup);
    expect(read?.text).toContain('<img src="" onerror="alert()">');
    expect(read?.text).toMatch(/<.*>/);
  });

  it('escaped markup inside <d> decodes to literal < and >', () => {
    const escaped = markup.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    const [read] = parseBilibiliXml(`<i><d p="1,1,25,0,0,0,a,1">${escaped}</d></i>`);
    expect(read?.text).toBe(markup);
  });

  it('unescaped markup inside <d> is refused, never stored as markup', () => {
    const error = thrown(() => parseBilibiliXml(`<i><d p="1,1,25,0,0,0,a,1">${markup}</d></i>`));
    expect(error.message).toMatch(/<img> inside the danmaku/);
  });
});

// eslint-disable-next-line no-control-regex -- the characters the codec drops
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

const sample: Danmaku = {
  id: '7000000000000000001',
  time: 1500,
  text: 'hi',
  colour: 0xffffff,
  mode: 'scroll',
  size: 'normal',
  pool: 'normal',
  own: false,
  sendTime: 1_700_000_000_000,
  likes: 0,
};

describe('writeBilibiliXml', () => {
  it('writes the p attribute field by field', () => {
    const xml = writeBilibiliXml([
      { ...sample, colour: 0x0000ff, mode: 'top', size: 'large', pool: 'subtitle' },
      { ...sample, id: '2', time: 61_010, mode: 'bottom', size: 30, sendTime: 1_700_000_000_999 },
      { ...sample, id: '3', mode: 'reverse', userHash: 'Dabc' },
      { ...sample, id: '4', mode: 'top', bilibiliMode: 7 },
      { ...sample, id: '5', mode: 'scroll', bilibiliMode: 7 },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<i>',
        '<d p="1.5,5,36,255,1700000000,1,,7000000000000000001">hi</d>',
        '<d p="61.01,4,30,16777215,1700000000,0,,2">hi</d>',
        '<d p="1.5,6,25,16777215,1700000000,0,Dabc,3">hi</d>',
        '<d p="1.5,7,25,16777215,1700000000,0,,4">hi</d>',
        '<d p="1.5,1,25,16777215,1700000000,0,,5">hi</d>',
        '</i>',
        '',
      ].join('\n'),
    );
  });

  it('escapes text and writes line breaks as /n', () => {
    const xml = writeBilibiliXml([{ ...sample, text: 'a < b && c > d\n"quoted"\u0007' }]);
    expect(xml).toContain('>a &lt; b &amp;&amp; c &gt; d/n"quoted"</d>');
  });

  it('round-trips any danmaku the model can hold', () => {
    const text = fc
      .string({ unit: 'grapheme', maxLength: 30 })
      .map((s) => s.replaceAll('/n', '').replace(controlCharacters, ''));
    const danmaku = fc.record({
      id: fc.bigInt({ min: 10n ** 18n, max: 2n ** 63n - 1n }).map(String),
      time: fc.integer({ min: 0, max: 10 * 3600 * 1000 }),
      text,
      colour: fc.integer({ min: 0, max: 0xffffff }),
      mode: fc.constantFrom('scroll', 'top', 'bottom', 'reverse'),
      size: fc.oneof(fc.constantFrom('small', 'normal', 'large'), fc.integer({ min: 1, max: 17 })),
      pool: fc.constantFrom('normal', 'subtitle', 'special'),
      own: fc.constant(false),
      sendTime: fc.integer({ min: 0, max: 2 ** 40 }).map((s) => s * 1000),
      likes: fc.constant(0),
    }) satisfies fc.Arbitrary<Danmaku>;
    fc.assert(
      fc.property(fc.array(danmaku, { maxLength: 8 }), (list) => {
        const read = parseBilibiliXml(writeBilibiliXml(list));
        expect(read.map((d) => ({ ...d, bilibiliMode: undefined, userHash: undefined }))).toEqual(
          list.map((d) => ({ ...d, bilibiliMode: undefined, userHash: undefined })),
        );
      }),
    );
  });
});
