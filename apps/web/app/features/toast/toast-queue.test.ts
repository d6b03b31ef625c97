import { describe, expect, it } from 'vitest';
import {
  expireToasts,
  MAX_TOASTS,
  pushToast,
  removeToast,
  TOAST_DURATION_MS,
  type Toast,
} from './toast-queue.ts';

const toast = (id: number, expiresAt = 1000): Toast => ({ id, message: `第${id}条`, expiresAt });

describe('pushToast', () => {
  it('appends in order', () => {
    expect(pushToast([toast(1)], toast(2)).map((t) => t.id)).toEqual([1, 2]);
  });

  it('keeps at most three, dropping the oldest', () => {
    let queue: readonly Toast[] = [];
    for (const id of [1, 2, 3, 4, 5]) queue = pushToast(queue, toast(id));
    expect(MAX_TOASTS).toBe(3);
    expect(queue.map((t) => t.id)).toEqual([3, 4, 5]);
  });

  it('does not change the queue it was given', () => {
    const queue = [toast(1), toast(2), toast(3)];
    pushToast(queue, toast(4));
    expect(queue.map((t) => t.id)).toEqual([1, 2, 3]);
  });
});

describe('expireToasts', () => {
  it('lasts one second', () => {
    expect(TOAST_DURATION_MS).toBe(1000);
  });

  it.each([
    { now: 999, left: [1, 2] },
    { now: 1000, left: [2] },
    { now: 1500, left: [2] },
    { now: 2000, left: [] },
  ])('at $now ms keeps $left', ({ now, left }) => {
    const queue = [toast(1, 1000), toast(2, 2000)];
    expect(expireToasts(queue, now).map((t) => t.id)).toEqual(left);
  });

  it('returns the same queue when nothing expired', () => {
    const queue = [toast(1, 5000)];
    expect(expireToasts(queue, 10)).toBe(queue);
  });
});

describe('removeToast', () => {
  it('removes the toast with that id only', () => {
    expect(removeToast([toast(1), toast(2)], 1).map((t) => t.id)).toEqual([2]);
  });

  it('returns the same queue when the toast was already dropped', () => {
    const queue = [toast(2)];
    expect(removeToast(queue, 1)).toBe(queue);
  });
});
