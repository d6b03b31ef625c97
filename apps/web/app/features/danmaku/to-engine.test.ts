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

  it('hands an advanced danmaku over with its parameters, and a code one as never drawn', () => {
    const advanced = toEngineDanmaku(
      { ...view, text: '["30","280","0.9-0.9","6.5","前方/n高能"]', bilibili_mode: 7 },
      null,
    );
    expect(advanced.advanced).toMatchObject({ text: '前方\n高能', lifetime: 6500, alphaFrom: 0.9 });
    expect(advanced.neverDrawn).toBeUndefined();
    const unreadable = toEngineDanmaku({ ...view, text: '["30","280"', bilibili_mode: 7 }, null);
    expect(unreadable).toMatchObject({ neverDrawn: true });
    expect(unreadable.advanced).toBeUndefined();
    for (const mode of [8, 9]) {
      expect(toEngineDanmaku({ ...view, text: 'a = 1;', bilibili_mode: mode }, null)).toMatchObject(
        {
          text: 'a = 1;',
          neverDrawn: true,
        },
      );
    }
    // Any other bilibili mode is drawn as its own mode says.
    expect(toEngineDanmaku({ ...view, bilibili_mode: 5 }, null)).toEqual(
      toEngineDanmaku(view, null),
    );
  });

  it("marks the viewer's own, and only theirs", () => {
    expect(toEngineDanmaku(view, '7000000000000000005').own).toBe(true);
    expect(toEngineDanmaku(view, '7000000000000000006').own).toBe(false);
    expect(toEngineDanmaku({ ...view, sender_id: null }, null).own).toBe(false);
  });
});
