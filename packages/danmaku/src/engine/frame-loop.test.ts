import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFrameLoop } from './frame-loop.ts';

let frames: Map<number, FrameRequestCallback>;
let handle = 0;
function animationFrame(frameTime: number) {
  const due = [...frames.values()];
  frames.clear();
  for (const callback of due) callback(frameTime);
}

beforeEach(() => {
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(++handle, callback);
    return handle;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the frame loop', () => {
  it('hands every animation frame the clock’s time for that frame, until stopped', () => {
    const times: number[] = [];
    const loop = createFrameLoop(
      (frameTime) => frameTime * 2,
      (time) => times.push(time),
    );
    loop.start();
    loop.start();
    for (let i = 1; i <= 3; i++) animationFrame(i * 16);
    expect(times).toEqual([32, 64, 96]);
    loop.stop();
    animationFrame(64);
    expect(times).toHaveLength(3);
    expect(frames.size).toBe(0);
  });
});
