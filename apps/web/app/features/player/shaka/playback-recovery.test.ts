import { describe, expect, it } from 'vitest';
import { recoveryFor, REFRESH_AGAIN_AFTER_MS, type RecoveryState } from './playback-recovery.ts';

const fresh: RecoveryState = {
  recovering: false,
  lastRefreshMs: null,
  onBackup: false,
  nowMs: 1_000_000,
};
const status = (code: number) => ({ category: 1, code: 1001, data: ['/media/s/x/seg.m4s', code] });

describe('recoveryFor', () => {
  it('buys fresh URLs for a 403 (expired or refused signature)', () => {
    expect(recoveryFor(status(403), fresh)).toBe('refresh');
  });

  it('refreshes again only after a while, else it shows the failure', () => {
    const justRefreshed = { ...fresh, lastRefreshMs: fresh.nowMs - 1000 };
    expect(recoveryFor(status(403), justRefreshed)).toBe('fail');
    const longAgo = { ...fresh, lastRefreshMs: fresh.nowMs - REFRESH_AGAIN_AFTER_MS };
    expect(recoveryFor(status(403), longAgo)).toBe('refresh');
  });

  it('ignores the failures that arrive while a recovery is under way', () => {
    // One expiry fails the audio and the video requests: the second 403 is not a second expiry.
    const refreshing = { ...fresh, recovering: true, lastRefreshMs: fresh.nowMs - 100 };
    expect(recoveryFor(status(403), refreshing)).toBe('ignore');
    expect(recoveryFor(status(502), { ...fresh, recovering: true })).toBe('ignore');
  });

  it.each([
    { name: 'no answer', failure: { category: 1, code: 1002, data: [] } },
    { name: 'a timeout', failure: { category: 1, code: 1003, data: [] } },
    { name: 'a 502', failure: status(502) },
  ])('switches to the backup origin once on $name', ({ failure }) => {
    expect(recoveryFor(failure, fresh)).toBe('backup');
    expect(recoveryFor(failure, { ...fresh, onBackup: true })).toBe('fail');
  });

  it.each([
    { name: 'a 404', failure: status(404) },
    { name: 'a media decode error', failure: { category: 3, code: 3016, data: [] } },
    { name: 'a manifest parse error', failure: { category: 4, code: 4001, data: [] } },
  ])('shows $name as a load failure', ({ failure }) => {
    expect(recoveryFor(failure, fresh)).toBe('fail');
  });
});
