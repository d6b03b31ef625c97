import { describe, expect, it } from 'vitest';
import { testDanmaku } from './danmaku-view.testing.ts';
import { listRowText } from './list-row-text.ts';

describe('listRowText', () => {
  it('shows a plain danmaku’s text as it is', () => {
    expect(listRowText(testDanmaku(0, { text: '前方高能' }))).toBe('前方高能');
    expect(listRowText(testDanmaku(0, { text: '["就是这样"]', bilibili_mode: 1 }))).toBe(
      '["就是这样"]',
    );
  });

  it('shows an advanced danmaku’s words on one line, never its JSON', () => {
    const view = testDanmaku(0, {
      text: '["30","280","0.9-0.9","6.5","前方\n高能　 预警","0","0","30","280","500","0"]',
      mode: 'top',
      bilibili_mode: 7,
    });
    expect(listRowText(view)).toBe('前方 高能 预警');
  });

  it('labels an advanced danmaku without words, or unreadable, as 高级弹幕', () => {
    const blank = testDanmaku(0, {
      text: '["345","20","0.2-0.2","6.5","　　　\n　"]',
      bilibili_mode: 7,
    });
    const broken = testDanmaku(0, { text: '["345","20"', bilibili_mode: 7 });
    expect(listRowText(blank)).toBe('高级弹幕');
    expect(listRowText(broken)).toBe('高级弹幕');
  });

  it('labels code danmaku as 代码弹幕 and shows none of their code', () => {
    for (const mode of [8, 9]) {
      const view = testDanmaku(0, { text: 'Player.seek(0); trace("hi")', bilibili_mode: mode });
      expect(listRowText(view)).toBe('代码弹幕');
    }
  });
});
