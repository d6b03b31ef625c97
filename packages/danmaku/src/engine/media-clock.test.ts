import { describe, expect, it } from 'vitest';
import { FakeVideo } from './fake-video.testing.ts';
import { createMediaClock, driftLimitMs } from './media-clock.ts';

/** Plays `seconds` of display frames, reading the clock on each, as the frame loop does. */
function playFor(video: FakeVideo, clock: (frameTime: number) => number, seconds: number) {
  const reads: number[] = [];
  const positions: number[] = [];
  const currentTimes = new Set<number>();
  const frames = Math.round((seconds * 1000) / video.refreshMs);
  for (let i = 0; i < frames; i++) {
    reads.push(clock(video.refresh()));
    positions.push(video.position);
    currentTimes.add(video.currentTime);
  }
  return { reads, positions, currentTimes };
}

const steps = (values: readonly number[]) => values.slice(1).map((v, i) => v - (values[i] ?? 0));

function playing(options?: ConstructorParameters<typeof FakeVideo>[0]) {
  const video = new FakeVideo(options);
  const clock = createMediaClock(video.asElement());
  video.play();
  return { video, clock, read: (seconds: number) => playFor(video, clock.read, seconds) };
}

describe('the media clock', () => {
  it('gives a 30 fps video a new time on each of the 60 frames a second of the screen', () => {
    const { video, read } = playing({ fps: 30, hz: 60 });
    read(0.5);
    const second = read(1);
    expect(second.currentTimes.size).toBeLessThanOrEqual(31);
    expect(new Set(second.reads).size).toBe(60);
    for (const step of steps(second.reads)) expect(step).toBeCloseTo(video.refreshMs, 6);
    second.reads.forEach((time, i) => {
      expect(Math.abs(time - (second.positions[i] ?? 0))).toBeLessThanOrEqual(driftLimitMs);
    });
  });

  it('extrapolates from currentTime alone where video frames are not reported', () => {
    const { video, read } = playing({ fps: 30, hz: 60, frameCallbacks: false });
    read(0.5);
    const second = read(1);
    expect(new Set(second.reads).size).toBe(60);
    for (const step of steps(second.reads)) expect(step).toBeCloseTo(video.refreshMs, 6);
  });

  it('holds the target of a seek until it is done, then runs on from there, either way', () => {
    const { video, clock, read } = playing();
    read(1);
    video.startSeek(60_000);
    expect(read(0.2).reads.every((time) => time === 60_000)).toBe(true);
    video.finishSeek();
    const after = read(1);
    expect(after.reads[0]).toBeGreaterThanOrEqual(60_000);
    expect(after.reads.at(-1)).toBeCloseTo(61_000, -2);
    video.startSeek(2000);
    expect(clock.read(video.refresh())).toBe(2000);
    video.finishSeek();
    expect(read(0.5).reads.at(-1)).toBeCloseTo(2500, -2);
  });

  it.each([2, 0.5])('follows a playback rate of %s×', (rate) => {
    const { video, read } = playing();
    read(1);
    video.setRate(rate);
    read(0.2);
    const after = read(1);
    for (const step of steps(after.reads)) expect(step).toBeCloseTo(video.refreshMs * rate, 6);
    expect(Math.abs((after.reads.at(-1) ?? 0) - video.position)).toBeLessThanOrEqual(driftLimitMs);
  });

  it('stands still while the video waits for data, and goes on without a step back', () => {
    const { video, read } = playing();
    const before = read(1).reads.at(-1) ?? 0;
    video.stall();
    const stalled = read(0.5).reads;
    expect(new Set(stalled).size).toBe(1);
    expect(stalled[0]).toBeGreaterThanOrEqual(before);
    video.resume();
    video.stall({ readyStateDrops: false });
    expect(new Set(read(0.2).reads).size).toBe(1);
    video.resume();
    const after = read(1).reads;
    expect(after[0]).toBeGreaterThanOrEqual(stalled[0] ?? 0);
    expect(Math.min(...steps(after))).toBeGreaterThanOrEqual(0);
    expect(Math.abs((after.at(-1) ?? 0) - video.position)).toBeLessThanOrEqual(driftLimitMs);
  });

  it.each([true, false])(
    'never steps back while playing, though the video runs slower than the screen (frames reported: %s)',
    (frameCallbacks) => {
      const { video, read } = playing({ fps: 24, hz: 60, frameCallbacks });
      video.clockSkew = 0.97;
      const { reads, positions } = read(10);
      expect(Math.min(...steps(reads))).toBeGreaterThanOrEqual(0);
      reads.forEach((time, i) => {
        expect(Math.abs(time - (positions[i] ?? 0))).toBeLessThanOrEqual(driftLimitMs + 1);
      });
    },
  );

  it('shows the video’s own time while paused, a seek included', () => {
    const { video, clock, read } = playing();
    read(1);
    video.pause();
    const paused = read(0.5).reads;
    expect(new Set(paused).size).toBe(1);
    expect(paused[0]).toBe(video.currentTime * 1000);
    video.startSeek(5000);
    video.finishSeek();
    expect(clock.read(video.refresh())).toBe(5000);
  });

  it('lets go of the video when destroyed', () => {
    const video = new FakeVideo();
    const clock = createMediaClock(video.asElement());
    expect(video.pendingFrameCallbacks).toBe(1);
    clock.destroy();
    expect(video.pendingFrameCallbacks).toBe(0);
  });
});
