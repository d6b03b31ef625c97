import { describe, expect, it } from 'vitest';
import { createProgressReporter, type ProgressReason } from './watch-progress.ts';

function reporter() {
  const sent: [number, ProgressReason][] = [];
  const progress = createProgressReporter({
    report: (seconds, reason) => sent.push([seconds, reason]),
  });
  /** Plays from `from` to `to` in time updates a quarter second apart. */
  const play = (from: number, to: number) => {
    for (let t = from; t <= to + 1e-9; t += 0.25) progress.playing(t);
  };
  return { sent, progress, play };
}

describe('createProgressReporter', () => {
  it('reports after every 15 s actually played', () => {
    const { sent, play } = reporter();
    play(0, 14.75);
    expect(sent).toEqual([]);
    play(15, 45);
    expect(sent).toEqual([
      [15, 'playback'],
      [30, 'playback'],
      [45, 'playback'],
    ]);
  });

  it('does not count a seek as playback', () => {
    const { sent, progress, play } = reporter();
    play(0, 5);
    progress.moved(300);
    play(300, 309);
    expect(sent).toEqual([]);
    play(309.25, 310);
    expect(sent).toEqual([[310, 'playback']]);
  });

  it('reports at once on pause, on hiding and at the end, never the same position twice', () => {
    const { sent, progress, play } = reporter();
    play(0, 7.3);
    progress.paused(7.3);
    progress.hidden(7.3);
    play(7.5, 9);
    progress.hidden(9);
    progress.ended(61.5);
    expect(sent).toEqual([
      [7.3, 'pause'],
      [9, 'hide'],
      [61.5, 'end'],
    ]);
  });

  it('starts a new 15 s stretch after a pause', () => {
    const { sent, progress, play } = reporter();
    play(0, 10);
    progress.paused(10);
    play(10.25, 24.75);
    expect(sent).toEqual([[10, 'pause']]);
    play(25, 25);
    expect(sent).toEqual([
      [10, 'pause'],
      [25, 'playback'],
    ]);
  });
});
