import { describe, expect, it } from 'vitest';
import { loadSettings } from './settings.ts';

const keys = { MELON_S3_ACCESS_KEY_ID: 'id', MELON_S3_SECRET_ACCESS_KEY: 'secret' };

describe('S3 settings', () => {
  it('keep media on the local disk unless MELON_S3_BUCKET is set', () => {
    expect(loadSettings({ ...keys }).s3).toBeUndefined();
  });

  it('read every MELON_S3_* setting, with defaults for region and path style', () => {
    expect(loadSettings({ ...keys, MELON_S3_BUCKET: 'media' }).s3).toEqual({
      endpoint: undefined,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      publicBaseUrl: undefined,
    });
    expect(
      loadSettings({
        ...keys,
        MELON_S3_BUCKET: 'media',
        MELON_S3_ENDPOINT: 'http://127.0.0.1:9000',
        MELON_S3_REGION: 'cn-north-1',
        MELON_S3_FORCE_PATH_STYLE: '1',
        MELON_S3_PUBLIC_BASE_URL: 'https://cdn.example.com/media',
      }).s3,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'cn-north-1',
      forcePathStyle: true,
      publicBaseUrl: 'https://cdn.example.com/media',
    });
  });

  it.each([
    [{ MELON_S3_BUCKET: 'media' }, 'MELON_S3_ACCESS_KEY_ID must be set when MELON_S3_BUCKET is'],
    [
      { MELON_S3_BUCKET: 'media', MELON_S3_ACCESS_KEY_ID: 'id' },
      'MELON_S3_SECRET_ACCESS_KEY must be set when MELON_S3_BUCKET is',
    ],
    [
      { ...keys, MELON_S3_BUCKET: 'media', MELON_S3_ENDPOINT: 'ftp://x' },
      'MELON_S3_ENDPOINT must start with http:// or https://',
    ],
    [
      { ...keys, MELON_S3_BUCKET: 'media', MELON_S3_FORCE_PATH_STYLE: 'maybe' },
      'MELON_S3_FORCE_PATH_STYLE must be one of 1, 0, true, false, got "maybe"',
    ],
  ])('refuse %o with one line naming the setting', (env, message) => {
    expect(() => loadSettings(env)).toThrow(message);
  });
});
