import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHeartbeat } from './heartbeat.ts';

class Counted {
  beats = 0;
  heartbeat(): void {
    this.beats += 1;
  }
}

describe('createHeartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beats every connection once a period, a tenth of them a tick', () => {
    const heartbeat = createHeartbeat<Counted>(1000);
    const connections = Array.from({ length: 2000 }, () => new Counted());
    for (const connection of connections) heartbeat.add(connection);
    const total = () => connections.reduce((sum, c) => sum + c.beats, 0);

    for (let tick = 1; tick <= 10; tick++) {
      vi.advanceTimersByTime(100);
      expect(total()).toBe(200 * tick);
    }
    expect(connections.every((c) => c.beats === 1)).toBe(true);

    vi.advanceTimersByTime(1000);
    expect(connections.every((c) => c.beats === 2)).toBe(true);
    heartbeat.stop();
  });

  it('stops beating a removed connection, and everything once stopped', () => {
    const heartbeat = createHeartbeat<Counted>(1000);
    const kept = new Counted();
    const removed = new Counted();
    heartbeat.add(kept);
    heartbeat.add(removed);
    heartbeat.remove(removed);
    vi.advanceTimersByTime(1000);
    expect([kept.beats, removed.beats]).toEqual([1, 0]);

    heartbeat.stop();
    vi.advanceTimersByTime(5000);
    expect(kept.beats).toBe(1);
  });
});
