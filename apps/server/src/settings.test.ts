import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION, loadSettings, readRole } from './settings.ts';

const douyin = {
  MELON_OAUTH_DOUYIN_ISSUER: 'http://127.0.0.1:3211',
  MELON_OAUTH_DOUYIN_CLIENT_ID: 'melon',
  MELON_OAUTH_DOUYIN_CLIENT_SECRET: 's',
};

describe('settings', () => {
  it('has the documented defaults', () => {
    const settings = loadSettings({});
    expect(settings).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      demo: false,
      operatorEndpoints: 'loopback',
    });
    expect(settings.dataDir).toMatch(/\/data$/);
    expect(settings.demoCacheDir).toBe(`${settings.dataDir}/demo-cache`);
  });

  it('keeps demo videos where MELON_DEMO_CACHE_DIR says', () => {
    expect(loadSettings({ MELON_DEMO_CACHE_DIR: '/tmp/melon-demo' }).demoCacheDir).toBe(
      '/tmp/melon-demo',
    );
  });

  it('keeps the origin of MELON_PUBLIC_URL, else the loopback listen address (decision 067)', () => {
    expect(
      loadSettings({ MELON_PUBLIC_URL: 'https://www.melon.example/some/path/' }).publicUrl,
    ).toBe('https://www.melon.example');
    expect(loadSettings({}).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadSettings({ MELON_DEMO: '1', HOST: 'localhost', PORT: '80' }).publicUrl).toBe(
      'http://localhost',
    );
    expect(loadSettings({ HOST: '::1', PORT: '3001' }).publicUrl).toBe('http://[::1]:3001');
    expect(
      loadSettings({ NODE_ENV: 'production', MELON_PUBLIC_URL: 'https://melon.example' }).publicUrl,
    ).toBe('https://melon.example');
  });

  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['NODE_ENV=production, even on loopback', { NODE_ENV: 'production', HOST: '127.0.0.1' }],
    ['a HOST beyond loopback', { HOST: '0.0.0.0' }],
    ['a HOST beyond loopback, even for the demo', { HOST: '192.0.2.10', MELON_DEMO: '1' }],
  ])('stops a production start without MELON_PUBLIC_URL: %s', (_name, env) => {
    expect(() => loadSettings(env)).toThrow(/^MELON_PUBLIC_URL must be set in production/);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be/],
    [{ MELON_PUBLIC_URL: 'ftp://melon.example' }, /^MELON_PUBLIC_URL must start with http:\/\//],
    [{ MELON_PUBLIC_URL: 'melon.example' }, /^MELON_PUBLIC_URL is not a valid URL/],
    [{ PORT: '70000' }, /^PORT must be/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must start with postgres:\/\//],
    [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL is not a valid URL/],
    [{ REDIS_URL: 'http://x' }, /^REDIS_URL must start with redis:\/\//],
    [{ MELON_DEMO: 'maybe' }, /^MELON_DEMO must be one of/],
    [{ HOST: ' ' }, /^HOST must not be empty/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [
      { MELON_RETAIN_EXPIRED_DAYS: '0' },
      /^MELON_RETAIN_EXPIRED_DAYS must be a whole number of at least 1/,
    ],
    [{ MELON_RETAIN_REPORTS_DAYS: '1.5' }, /^MELON_RETAIN_REPORTS_DAYS must be a whole number/],
    [
      { MELON_OPERATOR_ENDPOINTS: 'everyone' },
      /^MELON_OPERATOR_ENDPOINTS must be one of loopback, public, off/,
    ],
    [{ MELON_SWEEP_INTERVAL_MINUTES: 'hourly' }, /^MELON_SWEEP_INTERVAL_MINUTES must be/],
    [{ MELON_CODE_RESEND_INTERVAL_SECONDS: '0' }, /^MELON_CODE_RESEND_INTERVAL_SECONDS must be/],
    [{ MELON_OAUTH_QQ_ISSUER: 'https://qq.example' }, /^MELON_OAUTH_QQ_CLIENT_ID must be set/],
    [{ ...douyin, MELON_OAUTH_DOUYIN_ISSUER: 'x' }, /^MELON_OAUTH_DOUYIN_ISSUER is not a valid/],
    [
      { ...douyin, MELON_OAUTH_DOUYIN_ISSUER: 'http://sso.example' },
      /^MELON_OAUTH_DOUYIN_ISSUER must start with https:\/\//,
    ],
  ])('refuses %o with one line naming the setting', (env, message) => {
    expect(() => loadSettings(env)).toThrow(message);
  });

  it('reads the retention of each sweep and the sweep interval', () => {
    expect(loadSettings({})).toMatchObject({
      retention: DEFAULT_RETENTION,
      sweepIntervalMinutes: 60,
    });
    expect(
      loadSettings({
        MELON_RETAIN_VISITORS_DAYS: '30',
        MELON_RETAIN_EXPIRED_DAYS: '2',
        MELON_RETAIN_SIGN_IN_FAILURES_DAYS: '3',
        MELON_RETAIN_FINISHED_JOBS_DAYS: '4',
        MELON_RETAIN_REPORTS_DAYS: '5',
        MELON_RETAIN_PLAYS_DAYS: '6',
        MELON_RETAIN_UNATTACHED_PICTURES_DAYS: '7',
        MELON_SWEEP_INTERVAL_MINUTES: '10',
        MELON_CODE_RESEND_INTERVAL_SECONDS: '5',
      }),
    ).toMatchObject({
      retention: {
        visitorsDays: 30,
        expiredDays: 2,
        signInFailuresDays: 3,
        finishedJobsDays: 4,
        reportsDays: 5,
        playsDays: 6,
        unattachedPicturesDays: 7,
      },
      sweepIntervalMinutes: 10,
      codeResendIntervalSeconds: 5,
    });
  });

  it('offers only the third-party platforms that are configured', () => {
    expect(loadSettings({}).oauthProviders).toEqual([]);
    expect(loadSettings(douyin).oauthProviders).toEqual([
      { platform: 'douyin', issuer: 'http://127.0.0.1:3211', clientId: 'melon', clientSecret: 's' },
    ]);
  });

  it('reads a role from the command line', () => {
    expect(readRole([])).toBe('all');
    expect(readRole(['--role', 'worker'])).toBe('worker');
    expect(() => readRole(['--role', 'boss'])).toThrow(/--role must be one of web, worker, all/);
  });
});
