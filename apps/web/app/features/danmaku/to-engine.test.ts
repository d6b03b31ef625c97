import { describe, expect, it } from 'vitest';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { toEngineDanmaku } from './to-engine.ts';

const view: DanmakuView = {
  id: '7000000000000000009',
  item_id: '7000000000000000001',
  offset_ms: 61_500,
  text: '前方高能',
  colour: 0xfe0302,
  mode: 'top',
  size: 36,
  pool: 'normal',
  sender_id: '7000000000000000005',
  send_time: 1_790_000_000_000,
  like_count: 2,
  sticker_id: null,
};

describe('toEngineDanmaku', () => {
  it('maps the wire fields to the engine', () => {
    expect(toEngineDanmaku(view, null)).toEqual({
      id: view.id,
      time: 61_500,
      text: '前方高能',
      colour: 0xfe0302,
      mode: 'top',
      size: 36,
      pool: 'normal',
      own: false,
      sendTime: 1_790_000_000_000,
      likes: 2,
    });
  });

  it("marks the viewer's own, and only theirs", () => {
    expect(toEngineDanmaku(view, '7000000000000000005').own).toBe(true);
    expect(toEngineDanmaku(view, '7000000000000000006').own).toBe(false);
    expect(toEngineDanmaku({ ...view, sender_id: null }, null).own).toBe(false);
  });
});
