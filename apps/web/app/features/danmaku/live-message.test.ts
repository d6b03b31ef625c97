import { describe, expect, it } from 'vitest';
import { parseLiveMessage } from './live-message.ts';

const view = {
  id: '7000000000000000009',
  item_id: '7000000000000000001',
  offset_ms: 1200,
  text: '<script>alert(1)</script>',
  colour: 0xffffff,
  mode: 'scroll',
  size: 25,
  pool: 'normal',
  sender_id: null,
  send_time: 1_790_000_000_000,
  like_count: 0,
  sticker_id: null,
};

const frame = (value: unknown) => JSON.stringify(value);

describe('parseLiveMessage', () => {
  it('reads the four ops of the gateway', () => {
    expect(parseLiveMessage(frame({ op: 'danmaku', data: view }))).toEqual({
      op: 'danmaku',
      data: view,
    });
    expect(
      parseLiveMessage(frame({ op: 'like', data: { danmaku_id: view.id, like_count: 3 } })),
    ).toEqual({ op: 'like', data: { danmaku_id: view.id, like_count: 3 } });
    expect(
      parseLiveMessage(frame({ op: 'viewers', data: { item_id: view.item_id, count: 12 } })),
    ).toEqual({ op: 'viewers', data: { item_id: view.item_id, count: 12 } });
    expect(parseLiveMessage(frame({ op: 'pong' }))).toEqual({ op: 'pong' });
  });

  it.each([
    ['not text', new ArrayBuffer(2)],
    ['not JSON', '{op:'],
    ['not an object', '"danmaku"'],
    ['an unknown op', frame({ op: 'sub', topic: 'x' })],
    ['a danmaku without text', frame({ op: 'danmaku', data: { ...view, text: undefined } })],
    ['a danmaku with a bad mode', frame({ op: 'danmaku', data: { ...view, mode: 'diagonal' } })],
    ['a colour over 24 bits', frame({ op: 'danmaku', data: { ...view, colour: 0x1000000 } })],
    ['a sticker id that is not text', frame({ op: 'danmaku', data: { ...view, sticker_id: 7 } })],
    ['a negative count', frame({ op: 'viewers', data: { item_id: '1', count: -1 } })],
    ['a like without an id', frame({ op: 'like', data: { like_count: 1 } })],
  ])('drops %s', (_label, raw) => {
    expect(parseLiveMessage(raw)).toBeNull();
  });
});

describe('parseLiveMessage, deletes', () => {
  it('reads a delete and drops one without an id', () => {
    expect(parseLiveMessage(frame({ op: 'delete', data: { danmaku_id: view.id } }))).toEqual({
      op: 'delete',
      data: { danmaku_id: view.id },
    });
    expect(parseLiveMessage(frame({ op: 'delete', data: { danmaku_id: 9 } }))).toBeNull();
    expect(parseLiveMessage(frame({ op: 'delete' }))).toBeNull();
  });

  it('reads the confirmation of a subscription', () => {
    expect(parseLiveMessage(frame({ op: 'subscribed', data: { topic: 'danmaku:1' } }))).toEqual({
      op: 'subscribed',
      data: { topic: 'danmaku:1' },
    });
    expect(parseLiveMessage(frame({ op: 'subscribed', data: {} }))).toBeNull();
  });
});
