import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTrackedEvent, TRACKED_EVENTS } from '@melon/shared/contracts/tracking';
import { logEvents } from '@melon/shared/calls/tracking.calls';
import { freshIp } from '../../testing/passport.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { RATE_LIMITS } from '../../plugins/app/rate-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (events: string[], remoteAddress = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: logEvents.path,
    headers: t.visitor().headers,
    remoteAddress,
    payload: { r: true, d: events.map((k) => ({ k, v: '{}' })) },
  });

/** The tracking series in /metrics: event label → count. */
async function trackedSeries(): Promise<Record<string, number>> {
  const text = (await t.app.inject({ url: '/metrics' })).body;
  const series: Record<string, number> = {};
  for (const match of text.matchAll(/^melon_tracking_events_total\{event="([^"]*)"\} (\d+)$/gm)) {
    series[match[1] ?? ''] = Number(match[2]);
  }
  return series;
}

describe('POST /at/log/c', () => {
  it('keeps one metrics series per known event name and counts every other name as other', async () => {
    const known = TRACKED_EVENTS[0];
    const made = Array.from({ length: 40 }, (_, index) => `made_up_${index}`);
    for (let start = 0; start < made.length; start += 20) {
      expect((await post(made.slice(start, start + 20))).statusCode).toBe(200);
    }
    expect((await post([known, known])).statusCode).toBe(200);

    const series = await trackedSeries();
    expect(series).toMatchObject({ [known]: 2, other: 40 });
    expect(Object.keys(series).filter((name) => name !== 'other' && !isTrackedEvent(name))).toEqual(
      [],
    );
  });

  it(`allows ${RATE_LIMITS.tracking.max} batches a minute from one address, then 429 with the wait`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.tracking.max; i += 1) {
      expect((await post(['stay_page'], ip)).statusCode).toBe(200);
    }
    const refused = await post(['stay_page'], ip);
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ message: string; data: { retry_after: number } }>();
    expect(body.message).toMatch(/^上报过于频繁，请 \d+ 秒后再试$/);
    // Another address is not held up.
    expect((await post(['stay_page'])).statusCode).toBe(200);
  });
});
