import { isCodeDanmaku, readableText } from '@melon/danmaku/advanced/readable-text';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { danmakuMessages as t } from './messages.ts';

/**
 * What 弹幕列表 shows of a danmaku on its one line: its words, an advanced one's readable text
 * (never its JSON), 代码弹幕 for a code danmaku, and 高级弹幕 for an advanced one with no words
 * to show (unreadable, or a block of a drawing made of spaces).
 */
export function listRowText(view: DanmakuView): string {
  if (isCodeDanmaku(view.bilibili_mode)) return t.list.codeDanmaku;
  return readableText(view.text, view.bilibili_mode) || t.list.advancedDanmaku;
}
