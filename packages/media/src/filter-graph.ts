import type { Rung } from './ladder.ts';

export interface LadderGraph {
  /** The `-filter_complex` value. */
  graph: string;
  /** The graph's output label for each rung, in the order of the rungs given. */
  outputs: string[];
}

/**
 * One decoded stream feeding every rung. The rungs are produced as a cascade, largest first, each
 * scaled from the one above it rather than from the source, so every scaler works on the smallest
 * picture it can: the 120 fps variant (when there is one) at the source rate, then the top rung
 * decimated from it, then each lower rung from the next larger one. The pixel format is
 * converted once, before anything else.
 *
 * Every rung gets the largest rung's display aspect ratio: even sizes cannot all keep it exactly
 * (854×480 is not quite 16:9), and the DASH muxer refuses an adaptation set whose
 * representations differ in aspect ratio. The lower rungs carry a sample aspect ratio a hair
 * away from square instead.
 */
export function buildLadderGraph(
  rungs: readonly Rung[],
  videoStreamIndex: number,
  sourceFps: number,
): LadderGraph {
  const order = rungs
    .map((rung, index) => ({ rung, index }))
    .sort(
      (a, b) =>
        b.rung.height * b.rung.width - a.rung.height * a.rung.width || b.rung.fps - a.rung.fps,
    );
  const outputs = rungs.map((_, index) => `v${index}`);
  const chains: string[] = [];
  let input = `[0:${videoStreamIndex}]`;
  let current = { width: 0, height: 0, fps: sourceFps };
  const largest = order[0]?.rung;
  const aspect = largest ? `setdar=${largest.width}/${largest.height}:max=100000` : 'setsar=1';

  order.forEach(({ rung, index }, position) => {
    const filters = position === 0 ? ['format=yuv420p'] : [];
    if (rung.fps < current.fps) filters.push(`fps=${rung.fps}`);
    if (rung.width !== current.width || rung.height !== current.height) {
      filters.push(`scale=${rung.width}:${rung.height}`, aspect);
    }
    const last = position === order.length - 1;
    const next = `c${position}`;
    if (!last) filters.push('split=2');
    const body = filters.length > 0 ? filters.join(',') : 'null';
    chains.push(`${input}${body}[${outputs[index] ?? ''}]${last ? '' : `[${next}]`}`);
    input = `[${next}]`;
    current = rung;
  });
  return { graph: chains.join(';'), outputs };
}
