import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@melon/shared/testing/fixtures';
import { parseBilibiliXml, type BilibiliDanmaku } from '../bilibili-xml.ts';
import { advancedLimits, parseAdvanced, type AdvancedParse } from './parse-advanced.ts';
import { isCodeDanmaku, readableText } from './readable-text.ts';

/** The pools as the import stores them: `/n` already turned into real line breaks. */
const pool = (name: string) => parseBilibiliXml(readFileSync(fixturePath('danmaku', name), 'utf8'));
const bilibili = pool('bilibili.xml');
const rokubunnoichi = pool('rokubunnoichi.xml');

function byId(list: readonly BilibiliDanmaku[], id: string): BilibiliDanmaku {
  const found = list.find((d) => d.id === id);
  if (!found) throw new Error(`no danmaku ${id} in the fixture`);
  return found;
}

function parsed(source: string) {
  const result = parseAdvanced(source);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.advanced;
}

function reason(result: AdvancedParse): string | undefined {
  return result.ok ? undefined : result.reason;
}

/** ["345","20","0.2-0.2","6.5", seven lines of blocks and full-width spaces, ending in /n] */
const faint = byId(bilibili, '1634179142');
/** ["355","25","1.0-1.0","6.5", eight lines] */
const solid = byId(bilibili, '1312879939');
/** ["30","280","0.9-0.9","6.5", four lines], 2 px white */
const small = byId(bilibili, '1453636920');

describe('parseAdvanced on real mode-7 lines', () => {
  it('reads the five fields of bilibili.xml: position, opacity, lifetime, text with its lines', () => {
    const advanced = parsed(faint.text);
    expect(advanced).toMatchObject({
      alphaFrom: 0.2,
      alphaTo: 0.2,
      lifetime: 6500,
      rotateZ: 0,
      rotateY: 0,
      path: [
        { x: 345, y: 20 },
        { x: 345, y: 20 },
      ],
      motionDelay: 0,
      motionDuration: 6500,
      stroke: true,
      accelerate: false,
      fontFamily: undefined,
    });
    const lines = advanced.text.split('\n');
    // Seven lines of 35 characters, then the empty line after the last /n.
    expect(lines).toHaveLength(8);
    expect(lines[7]).toBe('');
    expect(lines[0]?.indexOf('█')).toBe(14);
    expect(parsed(solid.text)).toMatchObject({ alphaFrom: 1, alphaTo: 1 });
    expect(parsed(solid.text).path[0]).toEqual({ x: 355, y: 25 });
    expect(parsed(small.text).path[0]).toEqual({ x: 30, y: 280 });
  });

  it('reads every one of the 267 in bilibili.xml', () => {
    const advanced = bilibili.filter((d) => d.bilibiliMode === 7);
    expect(advanced).toHaveLength(267);
    expect(advanced.map((d) => reason(parseAdvanced(d.text))).filter(Boolean)).toEqual([]);
  });

  it('reads the rotations of rokubunnoichi.xml and refuses its one malformed line alone', () => {
    const advanced = rokubunnoichi.filter((d) => d.bilibiliMode === 7);
    const results = advanced.map((d) => ({ id: d.id, result: parseAdvanced(d.text) }));
    const refused = results.filter(({ result }) => !result.ok);
    // ["67","136","1-1","0.6","\","0","0"]: the backslash escapes the closing quote.
    expect(refused).toEqual([{ id: '12394167', result: { ok: false, reason: 'not JSON' } }]);
    expect(results.filter(({ result }) => result.ok)).toHaveLength(advanced.length - 1);
    expect(parsed(byId(rokubunnoichi, '12394106').text)).toMatchObject({
      text: '1',
      alphaFrom: 1,
      alphaTo: 1,
      lifetime: 200,
      rotateZ: 0,
      rotateY: 0,
      path: [
        { x: 35, y: 136 },
        { x: 35, y: 136 },
      ],
    });
  });
});

describe('parseAdvanced on the extended fields', () => {
  /** A real line's first five fields, then the ten more bilibili's editor writes. */
  const extended = (...more: unknown[]) =>
    JSON.stringify([...(JSON.parse(small.text.replaceAll('\n', '/n')) as unknown[]), ...more]);

  it('reads rotation, motion, outline, font, 线性加速 and the motion path', () => {
    expect(
      parsed(extended('30', '-45', '0.5', '0.25', '1500', '500', '0', 'SimHei', '1')),
    ).toMatchObject({
      rotateZ: 30,
      rotateY: -45,
      path: [
        { x: 30, y: 280 },
        { x: 336, y: 109.5 },
      ],
      motionDuration: 1500,
      motionDelay: 500,
      stroke: false,
      fontFamily: '"SimHei"',
      accelerate: true,
    });
    const withPath = parsed(
      extended(0, 0, 100, 100, 1000, 0, 1, '黑体', 0, 'M 10,20 L30,40L 50 60'),
    );
    expect(withPath.path).toEqual([
      { x: 10, y: 20 },
      { x: 30, y: 40 },
      { x: 50, y: 60 },
    ]);
    expect(withPath.fontFamily).toBe('"黑体"');
    // Empty strings take the defaults.
    expect(parsed(extended('', '', '', '', '', '', '', '', '', ''))).toMatchObject({
      rotateZ: 0,
      path: [
        { x: 30, y: 280 },
        { x: 30, y: 280 },
      ],
      motionDuration: 6500,
      stroke: true,
      fontFamily: undefined,
      accelerate: false,
    });
  });

  it('takes a coordinate from 0 to 1 as a share of the reference stage', () => {
    expect(parsed('["0.5","1","1","4","半"]').path[0]).toEqual({ x: 336, y: 438 });
    expect(parsed('[-0.5, 1.5, 1, 4, "外"]').path[0]).toEqual({ x: -0.5, y: 1.5 });
  });

  it('breaks lines at /n, a written \\n and real line breaks', () => {
    expect(parsed('["1","1","1","4","a/nb\\\\nc\\nd"]').text).toBe('a\nb\nc\nd');
  });

  it('keeps only plain names of a font family, so nothing reaches the canvas font string', () => {
    const font = (family: string) => parsed(extended(0, 0, '', '', '', '', 1, family)).fontFamily;
    expect(font('Microsoft YaHei, sans-serif')).toBe('"Microsoft YaHei", sans-serif');
    expect(font('"SimSun"')).toBe('"SimSun"');
    expect(font('url(https://example.com/x.woff)')).toBeUndefined();
    expect(font('Arial; } body { color: red')).toBeUndefined();
    // A quote cannot close the name early: what follows it is one more quoted name.
    expect(font('Arial", 999px x')).toBe('"999px x"');
    expect(font('evil\\"name, Arial')).toBe('"Arial"');
  });
});

describe('parseAdvanced refuses malformed and absurd arrays, with a reason', () => {
  const real = JSON.parse(solid.text.replaceAll('\n', '/n')) as string[];
  const variant = (index: number, value: unknown) =>
    JSON.stringify(real.map((field, i) => (i === index ? value : field)));

  it.each([
    ['a truncated array', solid.text.slice(0, -2), 'not JSON'],
    ['an object', '{"x":"345"}', 'not a JSON array'],
    ['four fields', JSON.stringify(real.slice(0, 4)), '4 fields, at least 5 needed'],
    ['start x as an object', variant(0, { x: 1 }), 'start x has the wrong type'],
    ['start y as null', variant(1, null), 'start y has the wrong type'],
    ['start x as true', variant(0, true), 'start x has the wrong type'],
    ['start x NaN', variant(0, 'NaN'), 'start x is not a number'],
    ['start y missing', variant(1, ''), 'start y is missing'],
    ['start x Infinity', '[1e999,"1","1","4","x"]', 'start x is not finite'],
    ['a start a million pixels away', variant(0, '1000000'), 'start x 1000000 is out of range'],
    ['opacity as a list', variant(2, [1]), 'opacity has the wrong type'],
    ['opacity a-b-c', variant(2, '0.1-0.2-0.3'), 'opacity "0.1-0.2-0.3" is not from-to'],
    ['a lifetime of 0', variant(3, '0'), 'lifetime 0'],
    ['a negative lifetime', variant(3, '-1'), 'lifetime -1 is out of range'],
    ['a lifetime of a day', variant(3, '86400'), 'lifetime 86400 is out of range'],
    ['text as a number', variant(4, 12), 'text is not text'],
    ['text too long', variant(4, 'a'.repeat(4001)), 'text over 4000 characters'],
    ['too many lines', variant(4, 'a/n'.repeat(200)), 'text over 200 lines'],
  ])('%s', (_, source, expected) => {
    expect(reason(parseAdvanced(source))).toBe(expected);
  });

  it.each([
    ['a motion path with curves', 'M0,0 C1,1 2,2 3,3', 'motion path: unreadable from character 4'],
    ['a motion path that jumps', 'M0,0 L1,1 M5,5', 'motion path: M after its start'],
    ['a motion path of 501 points', `M0,0${' L1,1'.repeat(500)}`, 'motion path: over 500 points'],
    ['a motion duration of an hour', undefined, 'motion duration 3600000 is out of range'],
  ])('%s', (_, path, expected) => {
    const fields = [...real, 0, 0, 1, 1, path === undefined ? 3_600_000 : 1000, 0, 1, '', 0];
    if (path !== undefined) fields.push(path);
    expect(reason(parseAdvanced(JSON.stringify(fields)))).toBe(expected);
  });

  it('keeps the rest of the pool: malformed lines are refused one by one', () => {
    const advanced = bilibili.filter((d) => d.bilibiliMode === 7);
    const broken = [variant(0, null), solid.text.slice(0, -1), variant(3, 'x')];
    const sources = [...advanced.map((d) => d.text), ...broken];
    const results = sources.map(parseAdvanced);
    expect(results.filter((r) => r.ok)).toHaveLength(267);
    expect(results.slice(267).map(reason)).toEqual([
      'start x has the wrong type',
      'not JSON',
      'lifetime is not a number',
    ]);
  });

  it('limits what it reads', () => {
    expect(reason(parseAdvanced(`["${'a'.repeat(advancedLimits.sourceChars)}"]`))).toBe(
      'over 64 KiB',
    );
  });
});

describe('readableText', () => {
  it('gives an advanced danmaku its own words on one line, never its JSON', () => {
    const text = readableText(solid.text, 7);
    expect(text).not.toContain('["');
    expect(text).toMatch(/^█{9} █{13} █{16} /);
    expect(readableText('["1","1","1","4","前方/n高能"]', 7)).toBe('前方 高能');
  });

  it('gives nothing for code and unreadable advanced danmaku, and plain text as it is', () => {
    expect(readableText('["1","1"]', 7)).toBe('');
    expect(readableText('def a = 1;', 8)).toBe('');
    expect(readableText('<BAS>', 9)).toBe('');
    expect(readableText('前方\n高能', 1)).toBe('前方\n高能');
    expect(readableText('本站')).toBe('本站');
    expect([7, 8, 9, undefined].map(isCodeDanmaku)).toEqual([false, true, true, false]);
  });
});
