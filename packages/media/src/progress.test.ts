import { describe, expect, it } from 'vitest';
import { progressReader } from './progress.ts';

describe('progressReader', () => {
  it('reports each whole percent of out_time once, never 100', () => {
    const seen: number[] = [];
    const read = progressReader(10, (percent) => seen.push(percent));
    for (const line of [
      'frame=0',
      'out_time_us=N/A',
      'out_time_us=0',
      'out_time_us=1000000',
      'out_time_us=1050000',
      'speed=2.1x',
      'out_time_us=9990000',
      'out_time_us=10020000',
      'progress=end',
    ]) {
      read(line);
    }
    expect(seen).toEqual([0, 10, 99]);
  });

  it('stays silent without a duration', () => {
    const seen: number[] = [];
    progressReader(0, (percent) => seen.push(percent))('out_time_us=5000000');
    expect(seen).toEqual([]);
  });
});
