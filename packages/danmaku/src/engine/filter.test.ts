import { describe, expect, it } from 'vitest';
import { testDanmaku } from '../testing.ts';
import { parseAdvanced } from '../advanced/parse-advanced.ts';
import { createBlockFilter, mergeDuplicates, selectVisible } from './filter.ts';
import { defaultSettings, resolveSettings, type DanmakuSettings } from './settings.ts';
import { compileShieldWords } from './shield.ts';

const danmaku = testDanmaku;

describe('shield words', () => {
  it.each([
    [['剧透'], '前方剧透预警', true],
    [['剧透'], '前方高能', false],
    [['AWSL'], 'awsl awsl', true],
    [['/^233+$/'], '23333', true],
    [['/^233+$/'], '2333 哈哈', false],
    [['/awsl/i'], 'AWSL', true],
    [['/awsl/'], 'AWSL', false],
    [['/a.b/s'], 'a\nb', true],
    [['/(/'], 'a (b', false],
    [['/(/'], 'a /(/ b', true],
    [['/a/g'], 'a', true],
    [['  '], 'anything', false],
    [[], 'anything', false],
    [['x', '/y$/'], 'aay', true],
  ])('%j on %j → %s', (words, text, shielded) => {
    expect(compileShieldWords(words)(text)).toBe(shielded);
  });

  it('a global regex does not remember where it stopped', () => {
    const test = compileShieldWords(['/a/g']);
    expect([test('a'), test('a'), test('a')]).toEqual([true, true, true]);
  });
});

/** A bilibili advanced danmaku, stored as mode 'top' with its JSON as its text. */
function advancedDanmaku() {
  const text = '["345","20","1","4.5","前方/n高能"]';
  const parsed = parseAdvanced(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return danmaku({ mode: 'top', text, advanced: parsed.advanced });
}

describe('blocks', () => {
  const base: DanmakuSettings = defaultSettings;
  const advanced = advancedDanmaku();
  it.each([
    ['nothing blocked', {}, danmaku(), true],
    ['a blocked mode', { blockedModes: ['top'] }, danmaku({ mode: 'top' }), false],
    ['another mode', { blockedModes: ['top'] }, danmaku({ mode: 'bottom' }), true],
    ['coloured, blocked', { blockColoured: true }, danmaku({ colour: 0xff0000 }), false],
    ['white, not coloured', { blockColoured: true }, danmaku(), true],
    ['a blocked colour', { blockedColours: [0x00ff00] }, danmaku({ colour: 0x00ff00 }), false],
    ['another colour', { blockedColours: [0x00ff00] }, danmaku({ colour: 0x0000ff }), true],
    ['a shield word', { shieldWords: ['高能'] }, danmaku(), false],
    [
      'own, whatever the blocks',
      { blockedModes: ['scroll'], shieldWords: ['高能'], blockColoured: true },
      danmaku({ own: true, colour: 0xff0000 }),
      true,
    ],
    ['advanced', {}, advanced, true],
    ['advanced, 高级弹幕 hidden', { blockAdvanced: true }, advanced, false],
    ['advanced, not by its mode', { blockedModes: ['top'] }, advanced, true],
    ['advanced, shield words see its words', { shieldWords: ['高能'] }, advanced, false],
    ['advanced, not its JSON', { shieldWords: ['345'] }, advanced, true],
    ['a code danmaku', {}, danmaku({ neverDrawn: true }), false],
  ] as const)('%s', (_label, patch, d, shown) => {
    expect(createBlockFilter(resolveSettings(base, patch))(d)).toBe(shown);
  });
});

describe('mergeDuplicates', () => {
  it.each([
    ['copies within the window fold into the first', [0, 5000, 10_000], 10_000, [[0, 3]]],
    [
      'the window counts from the first shown',
      [0, 6000, 12_000],
      10_000,
      [
        [0, 2],
        [12_000, 1],
      ],
    ],
    [
      'a zero window merges only same-time copies',
      [0, 0, 1],
      0,
      [
        [0, 2],
        [1, 1],
      ],
    ],
  ])('%s', (_label, times, windowMs, expected) => {
    const list = times.map((time) => danmaku({ time, text: '233' }));
    const merged = mergeDuplicates(list, windowMs);
    expect(merged.list.map((d) => [d.time, merged.copies.get(d.id) ?? 1])).toEqual(expected);
  });

  it('treats case and whitespace as the same text, other text as different', () => {
    const list = [
      danmaku({ text: 'AWSL' }),
      danmaku({ text: ' awsl  ' }),
      danmaku({ text: 'aw sl' }),
    ];
    const merged = mergeDuplicates(list, 10_000);
    expect(merged.list.map((d) => d.text)).toEqual(['AWSL', 'aw sl']);
    expect(merged.copies.get(list[0]?.id ?? '')).toBe(2);
  });

  it('never folds the viewer’s own comment, nor folds others into it', () => {
    const mine = danmaku({ own: true, text: '233' });
    const theirs = danmaku({ text: '233', time: 100 });
    expect(mergeDuplicates([mine, theirs], 10_000).list).toEqual([mine, theirs]);
  });
});

describe('selectVisible', () => {
  it('blocks first, then merges what is left', () => {
    const list = [
      danmaku({ time: 0, text: '233', colour: 0xff0000 }),
      danmaku({ time: 1, text: '233' }),
      danmaku({ time: 2, text: '233' }),
    ];
    const visible = selectVisible(list, {
      ...defaultSettings,
      blockColoured: true,
      mergeDuplicates: true,
    });
    expect(visible.list).toEqual([list[1]]);
    expect(visible.copies.get(list[1]?.id ?? '')).toBe(2);
  });

  it('merges nothing unless asked', () => {
    const list = [danmaku({ text: '233' }), danmaku({ text: '233' })];
    expect(selectVisible(list, defaultSettings).list).toHaveLength(2);
  });
});

describe('resolveSettings', () => {
  it('clamps numbers, ignores the invalid and keeps the rest', () => {
    const resolved = resolveSettings(defaultSettings, {
      opacity: 5,
      fontScale: 0.1,
      speed: 'fast',
      displayArea: 0.3,
      density: 'unlimited',
      blockedModes: ['top', 'sideways', 'top'],
      blockedColours: [0xff0000, -1, 0x1000000],
      shieldWords: ['剧透', '', 3],
      keepBottomClear: 'yes',
    });
    expect(resolved).toEqual({
      ...defaultSettings,
      opacity: 1,
      fontScale: 0.5,
      density: 'unlimited',
      blockedModes: ['top'],
      blockedColours: [0xff0000],
      shieldWords: ['剧透'],
    });
    expect(resolveSettings(defaultSettings, null)).toBe(defaultSettings);
  });
});
