import { describe, expect, it } from 'vitest';
import type { Advanced } from './advanced.ts';
import { stateAt } from './motion.ts';
import { parseAdvanced } from './parse-advanced.ts';
import { fitReference } from './reference-stage.ts';

function advanced(fields: unknown[]): Advanced {
  const result = parseAdvanced(JSON.stringify(fields));
  if (!result.ok) throw new Error(result.reason);
  return result.advanced;
}

/** From (100, 50) to (300, 250) over 1 s after a 0.5 s delay, fading 1 → 0 over 4 s. */
const moving = (accelerate: 0 | 1) =>
  advanced([100, 50, '1-0', 4, '动', 0, 0, 300, 250, 1000, 500, 1, '', accelerate]);

describe('stateAt', () => {
  it('waits for its delay, moves at a constant speed, then stays at its end', () => {
    const a = moving(0);
    expect(stateAt(a, 0)).toEqual({ x: 100, y: 50, alpha: 1 });
    expect(stateAt(a, 500)).toMatchObject({ x: 100, y: 50 });
    expect(stateAt(a, 750)).toMatchObject({ x: 150, y: 100 });
    expect(stateAt(a, 1000)).toMatchObject({ x: 200, y: 150, alpha: 0.75 });
    expect(stateAt(a, 1500)).toMatchObject({ x: 300, y: 250 });
    expect(stateAt(a, 3000)).toMatchObject({ x: 300, y: 250, alpha: 0.25 });
    expect(stateAt(a, 4000)).toMatchObject({ alpha: 0 });
  });

  it('speeds up from rest with 线性加速', () => {
    const a = moving(1);
    // Half the time: a quarter of the way.
    expect(stateAt(a, 1000)).toMatchObject({ x: 150, y: 100 });
    expect(stateAt(a, 1500)).toMatchObject({ x: 300, y: 250 });
  });

  it('follows a motion path evenly by length', () => {
    // 100 px right, then 300 px down: after a quarter of 2 s it is at the corner.
    const a = advanced([0, 0, '1', 4, '路', 0, 0, 0, 0, 2000, 0, 1, '', 0, 'M0,0 L100,0 L100,300']);
    expect(stateAt(a, 250)).toMatchObject({ x: 50, y: 0 });
    expect(stateAt(a, 500)).toMatchObject({ x: 100, y: 0 });
    expect(stateAt(a, 1250)).toMatchObject({ x: 100, y: 150 });
    expect(stateAt(a, 2500)).toMatchObject({ x: 100, y: 300 });
  });

  it('moves over its whole lifetime when no motion duration is given, and jumps when it is 0', () => {
    const whole = advanced([0, 0, '1', 2, '整', 0, 0, 200, 0]);
    expect(stateAt(whole, 1000)).toMatchObject({ x: 100 });
    const jump = advanced([0, 0, '1', 2, '跳', 0, 0, 200, 0, 0, 800]);
    expect(stateAt(jump, 799)).toMatchObject({ x: 0 });
    expect(stateAt(jump, 800)).toMatchObject({ x: 200 });
  });
});

describe('fitReference', () => {
  it('fits the 672×438 stage whole and centred', () => {
    expect(fitReference(672, 438)).toEqual({ scale: 1, left: 0, top: 0 });
    // 16:9 is wider: the height decides, bars left and right.
    const wide = fitReference(1280, 720);
    expect(wide.scale).toBeCloseTo(720 / 438);
    expect(wide.top).toBeCloseTo(0);
    expect(wide.left).toBeCloseTo((1280 - 672 * (720 / 438)) / 2);
    // A phone held upright: the width decides, bars above and below.
    const tall = fitReference(390, 600);
    expect(tall.scale).toBeCloseTo(390 / 672);
    expect(tall.left).toBeCloseTo(0);
    expect(tall.top).toBeCloseTo((600 - 438 * (390 / 672)) / 2);
    expect(fitReference(0, 0)).toEqual({ scale: 0, left: 0, top: 0 });
  });
});
