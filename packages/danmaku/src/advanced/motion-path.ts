import type { StagePoint } from './advanced.ts';

export const maxPathPoints = 500;

/** One `M x,y` or `L x y` command, its numbers in reference pixels. */
const command = /\s*([ML])\s*(-?\d+(?:\.\d+)?)\s*[,\s]\s*(-?\d+(?:\.\d+)?)/y;

/**
 * The points of bilibili's extended motion path (`M107,82L108,83L109,84`), beginning at
 * `start`: a leading `M` moves the start, each `L` adds a point. Anything else in the text (SVG
 * curves, relative commands, a later `M`) makes it a string saying why it is refused.
 */
export function parseMotionPath(raw: string, start: StagePoint): StagePoint[] | string {
  const points: StagePoint[] = [start];
  command.lastIndex = 0;
  let first = true;
  while (command.lastIndex < raw.length) {
    const at = command.lastIndex;
    if (raw.slice(at).trim() === '') break;
    const match = command.exec(raw);
    if (!match) return `motion path: unreadable from character ${at}`;
    const point = { x: Number(match[2]), y: Number(match[3]) };
    if (match[1] === 'M') {
      if (!first) return 'motion path: M after its start';
      points[0] = point;
    } else {
      points.push(point);
    }
    if (points.length > maxPathPoints) return `motion path: over ${maxPathPoints} points`;
    first = false;
  }
  return points;
}

/** The point a share (0–1) of the way along `points`, measured by length. */
export function pointAlong(points: readonly StagePoint[], share: number): StagePoint {
  const first = points[0] ?? { x: 0, y: 0 };
  let total = 0;
  for (let i = 1; i < points.length; i++)
    total += distance(points[i - 1] ?? first, points[i] ?? first);
  if (total === 0) return points[points.length - 1] ?? first;
  let left = Math.min(1, Math.max(0, share)) * total;
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1] ?? first;
    const to = points[i] ?? first;
    const length = distance(from, to);
    if (left <= length && length > 0) {
      const t = left / length;
      return { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
    }
    left -= length;
  }
  return points[points.length - 1] ?? first;
}

function distance(a: StagePoint, b: StagePoint): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}
