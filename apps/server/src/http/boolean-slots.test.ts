import { describe, expect, it } from 'vitest';
import { booleanSlots } from './boolean-slots.ts';

describe('booleanSlots', () => {
  const page = {
    list: [
      { id: 'a', liked: false, text: '"liked":false 在评论里' },
      { id: 'b', liked: false, replies: [{ id: 'c', liked: false }] },
    ],
  };
  const json = Buffer.from(JSON.stringify(page));

  it('counts the fields, not the same characters inside a string', () => {
    expect(booleanSlots(json, 'liked').count).toBe(3);
  });

  it('sets each field in text order and leaves the rest of the bytes as they were', () => {
    const filled = booleanSlots(json, 'liked').fill((i) => i !== 1);
    expect(JSON.parse(filled.toString('utf8'))).toEqual({
      list: [
        { id: 'a', liked: true, text: '"liked":false 在评论里' },
        { id: 'b', liked: false, replies: [{ id: 'c', liked: true }] },
      ],
    });
  });

  it('gives the bytes back as they were when every field stays false', () => {
    expect(
      booleanSlots(json, 'liked')
        .fill(() => false)
        .equals(json),
    ).toBe(true);
    expect(
      booleanSlots(json, 'absent')
        .fill(() => true)
        .equals(json),
    ).toBe(true);
  });
});
