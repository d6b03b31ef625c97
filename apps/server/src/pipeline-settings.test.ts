import { describe, expect, it } from 'vitest';
import { loadSettings } from './settings.ts';

describe('media pipeline settings', () => {
  it('defaults to 4 GiB, 4 hours, 4K at 60 fps, 50 GiB a user, 5 GiB free and a one-minute job lease', () => {
    expect(loadSettings({})).toMatchObject({
      maxUploadBytes: 4 * 1024 ** 3,
      maxDurationSeconds: 4 * 3600,
      maxPixelRate: 3840 * 2160 * 60,
      userQuotaBytes: 50 * 1024 ** 3,
      minFreeDiskBytes: 5 * 1024 ** 3,
      jobLeaseMs: 60_000,
    });
  });

  it('reads the limits and the lease from the environment', () => {
    const settings = loadSettings({
      MELON_MAX_UPLOAD_BYTES: '1048576',
      MELON_MAX_DURATION_SECONDS: '600',
      MELON_JOB_LEASE_MS: '1500',
      MELON_MAX_PIXEL_RATE: '62208000',
      MELON_USER_QUOTA_BYTES: '1073741824',
      MELON_MIN_FREE_DISK_BYTES: '0',
    });
    expect(settings).toMatchObject({
      maxUploadBytes: 1_048_576,
      maxDurationSeconds: 600,
      jobLeaseMs: 1500,
      maxPixelRate: 62_208_000,
      userQuotaBytes: 1024 ** 3,
      minFreeDiskBytes: 0,
    });
  });

  it.each([
    [{ MELON_MAX_UPLOAD_BYTES: '4GB' }, /^MELON_MAX_UPLOAD_BYTES must be a whole number/],
    [{ MELON_MAX_DURATION_SECONDS: '0' }, /^MELON_MAX_DURATION_SECONDS must be a whole number/],
    [{ MELON_MAX_DURATION_SECONDS: '-5' }, /^MELON_MAX_DURATION_SECONDS must be a whole number/],
    [{ MELON_JOB_LEASE_MS: '10' }, /^MELON_JOB_LEASE_MS must be a whole number of at least 300/],
    [{ MELON_MAX_PIXEL_RATE: '0' }, /^MELON_MAX_PIXEL_RATE must be a whole number/],
    [{ MELON_USER_QUOTA_BYTES: '50G' }, /^MELON_USER_QUOTA_BYTES must be a whole number/],
    [{ MELON_MIN_FREE_DISK_BYTES: '-1' }, /^MELON_MIN_FREE_DISK_BYTES must be a whole number/],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadSettings(env)).toThrow(message);
  });
});
