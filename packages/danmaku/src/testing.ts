import type { Danmaku } from './model.ts';

let nextId = 1;

/**
 * A danmaku for tests: a white, normal-size scrolling 前方高能 (four characters) at 0 ms from
 * someone else, with an id of its own, unless the test says otherwise.
 */
export function testDanmaku(fields: Partial<Danmaku> = {}): Danmaku {
  return {
    id: String(nextId++),
    time: 0,
    text: '前方高能',
    colour: 0xffffff,
    mode: 'scroll',
    size: 'normal',
    pool: 'normal',
    own: false,
    sendTime: 0,
    likes: 0,
    ...fields,
  };
}
