import path from 'node:path';
import { OAUTH_PLATFORMS, type OauthPlatform } from '@melon/shared/contracts/passport';
import { APP_PLATFORMS, type AppPackage } from '@melon/shared/contracts/site-info';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@melon/shared/contracts/publish';
import { DEFAULT_MAX_PIXEL_RATE } from '@melon/media/admission-messages';
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from './http/trusted-proxies.ts';
import type { S3Settings } from './storage/s3-storage.ts';

/** Who may read /metrics, /openapi.json and /docs/api (MELON_OPERATOR_ENDPOINTS). */
export const OPERATOR_ENDPOINTS = ['loopback', 'public', 'off'] as const;
export type OperatorEndpoints = (typeof OPERATOR_ENDPOINTS)[number];

/** Each user's storage: 50 GiB of sources and unpublished uploads. */
export const DEFAULT_USER_QUOTA_BYTES = 50 * 1024 ** 3;
/** Uploads stop while less than 5 GiB of disk would be left free. */
export const DEFAULT_MIN_FREE_DISK_BYTES = 5 * 1024 ** 3;

/** The roles one Melon process can play (DESIGN §1). */
export const ROLES = ['web', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: SQLite in the data dir. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** MELON_SITE_SECRET (base64url, 32 bytes or more): wins over the database's (decision 040). */
  siteSecret: string | undefined;
  /** Media in an S3-compatible store (MELON_S3_*, decision 041); absent: under `<dataDir>/media`. */
  s3: S3Settings | undefined;
  /** Create demo content on an empty database. */
  demo: boolean;
  /** Demo items play generated videos (MELON_DEMO_VIDEOS); off, the demo is rows only (quick). */
  demoVideos: boolean;
  /** Generated demo videos, kept so that a later demo site starts fast (`<dataDir>/demo-cache`). */
  demoCacheDir: string;
  logLevel: string;
  /** The largest video accepted, in bytes (MELON_MAX_UPLOAD_BYTES, 4 GiB by default). */
  maxUploadBytes: number;
  /** The longest video accepted, in seconds (MELON_MAX_DURATION_SECONDS, 4 hours by default). */
  maxDurationSeconds: number;
  /** Width × height × fps accepted (MELON_MAX_PIXEL_RATE, 4K at 60 fps by default). */
  maxPixelRate: number;
  /** One user's stored sources and unpublished uploads (MELON_USER_QUOTA_BYTES, 50 GiB). */
  userQuotaBytes: number;
  /** No upload starts with less free disk space than this (MELON_MIN_FREE_DISK_BYTES, 5 GiB). */
  minFreeDiskBytes: number;
  /** A job's lease: a worker silent for this long loses its job (MELON_JOB_LEASE_MS, 60 s). */
  jobLeaseMs: number;
  /** Third-party sign-in providers; a platform without settings is not offered. */
  oauthProviders: OauthProviderSettings[];
  /** Proxies whose X-Forwarded-* headers are believed (MELON_TRUSTED_PROXIES, loopback). */
  trustedProxies: readonly string[];
  /** Open WebSockets per client address in one process (MELON_MAX_SOCKETS_PER_IP, 64). */
  maxSocketsPerIp: number;
  /** Open upload-progress streams per client address in one process (MELON_MAX_STREAMS_PER_IP, 16). */
  maxStreamsPerIp: number;
  /** How long the sweeps keep rows nobody needs any more. */
  retention: Retention;
  /** The worker and all roles sweep this often (MELON_SWEEP_INTERVAL_MINUTES, 60). */
  sweepIntervalMinutes: number;
  /** Clients on this host only by default; `public` for anyone, `off` for nobody. */
  operatorEndpoints: OperatorEndpoints;
  /** The least time between two codes to one phone or address (MELON_CODE_RESEND_INTERVAL_SECONDS, 60). */
  codeResendIntervalSeconds: number;
  /**
   * The site's origin (decision 067): MELON_PUBLIC_URL's (e.g. https://melon.example), else, on
   * a loopback HOST outside production, the listen address (http://127.0.0.1:3000). Every
   * absolute address the site writes is on it: canonical links, sitemaps (decision 038),
   * payment notify and return URLs; `https:` names the identity cookies `__Host-…`.
   */
  publicUrl: string;
  /** Payments (decision 048): the sandbox gateways, or a provider's live keys. */
  pay: PaySettings;
  /** Native client packages offered on /app (MELON_APP_<PLATFORM>_URL/_VERSION, decision 056); none by default. */
  appPackages: AppPackage[];
}

/** Payments (decision 048). Without live keys and without the sandbox, nothing can be bought. */
export interface PaySettings {
  /**
   * MELON_PAY_SANDBOX=1, or the demo (MELON_DEMO=1): the sandbox gateways play every provider,
   * with keys of their own. Never otherwise: the sandbox gives memberships away.
   */
  sandbox: boolean;
  /** Alipay's live keys (MELON_ALIPAY_*); the sandbox wins over them when on. */
  alipay: AlipaySettings | undefined;
  /** WeChat Pay's live keys (MELON_WECHAT_*, decision 049); the sandbox wins over them when on. */
  wechat?: WechatPaySettings | undefined;
  /** Unpaid recent orders are reconciled with their provider this often (MELON_PAY_RECONCILE_MINUTES, 5). */
  reconcileIntervalMinutes: number;
}

/** An Alipay open-platform application: its id and keys (PEM or bare base64), and the gateway. */
export interface AlipaySettings {
  appId: string;
  /** The application's private key (RSA2), which signs Melon's requests. */
  privateKey: string;
  /** Alipay's public key, which verifies notifies and answers. */
  alipayPublicKey: string;
  /** MELON_ALIPAY_GATEWAY, https://openapi.alipay.com/gateway.do by default. */
  gateway: string;
}

/** How long the periodic sweeps keep rows, in days (decision 024). */
export interface Retention {
  /** Browsers unseen for this long are forgotten (MELON_RETAIN_VISITORS_DAYS). */
  visitorsDays: number;
  /**
   * Sessions, one-time codes, scan-code logins and spent captcha solutions this long past their
   * expiry (MELON_RETAIN_EXPIRED_DAYS); at least 1, since a day's codes count toward the
   * daily sending limit.
   */
  expiredDays: number;
  /** Sign-in failure counters whose window started this long ago (MELON_RETAIN_SIGN_IN_FAILURES_DAYS). */
  signInFailuresDays: number;
  /** Succeeded and failed jobs this long after they finished (MELON_RETAIN_FINISHED_JOBS_DAYS). */
  finishedJobsDays: number;
  /** Danmaku and content reports this long after they were made (MELON_RETAIN_REPORTS_DAYS). */
  reportsDays: number;
  /**
   * Counted plays this long after they were played (MELON_RETAIN_PLAYS_DAYS): trending reads a
   * day of them and co-watching the recent ones; the items' play counts keep every play.
   */
  playsDays: number;
  /**
   * Comment pictures, claim proofs and feedback screenshots uploaded this long ago and never used
   * (MELON_RETAIN_UNATTACHED_PICTURES_DAYS, decision 063): a form left open keeps its pictures a day.
   */
  unattachedPicturesDays: number;
}

export const DEFAULT_RETENTION: Retention = {
  visitorsDays: 90,
  expiredDays: 1,
  signInFailuresDays: 7,
  finishedJobsDays: 30,
  reportsDays: 365,
  playsDays: 90,
  unattachedPicturesDays: 1,
};

/** An OpenID Connect provider standing for one platform (MELON_OAUTH_<PLATFORM>_*). */
export interface OauthProviderSettings {
  platform: OauthPlatform;
  /** Discovery starts at <issuer>/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A setting that failed validation; its message is the one line printed at start. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

type Env = Record<string, string | undefined>;

function readPort(env: Env): number {
  const raw = env.PORT ?? '3000';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
    throw new SettingsError(`PORT must be a whole number from 1 to 65535, got "${raw}"`);
  }
  return port;
}

function readUrl(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    throw new SettingsError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(protocol)) {
    throw new SettingsError(
      `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );
  }
  return raw;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new SettingsError(`${name} must be one of 1, 0, true, false, got "${raw}"`);
}

function readWholeNumber(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    throw new SettingsError(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  }
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function readLogLevel(env: Env): string {
  const raw = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(raw)) {
    throw new SettingsError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  }
  return raw;
}

function readOperatorEndpoints(env: Env): OperatorEndpoints {
  const raw = env.MELON_OPERATOR_ENDPOINTS || 'loopback';
  const mode = OPERATOR_ENDPOINTS.find((known) => known === raw);
  if (!mode) {
    throw new SettingsError(
      `MELON_OPERATOR_ENDPOINTS must be one of ${OPERATOR_ENDPOINTS.join(', ')}, got "${raw}"`,
    );
  }
  return mode;
}

function readTrustedProxies(env: Env): readonly string[] {
  const raw = env.MELON_TRUSTED_PROXIES;
  if (raw === undefined || raw === '') return DEFAULT_TRUSTED_PROXIES;
  const parsed = parseTrustedProxies(raw);
  if ('error' in parsed) throw new SettingsError(`MELON_TRUSTED_PROXIES ${parsed.error}`);
  return parsed.proxies;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function readOauthProvider(env: Env, platform: OauthPlatform): OauthProviderSettings | undefined {
  const prefix = `MELON_OAUTH_${platform.toUpperCase()}_`;
  const names = [`${prefix}ISSUER`, `${prefix}CLIENT_ID`, `${prefix}CLIENT_SECRET`] as const;
  const [issuer = '', clientId = '', clientSecret = ''] = names.map((name) => env[name] ?? '');
  if (!issuer && !clientId && !clientSecret) return undefined;
  const missing = names.find((name) => !env[name]);
  if (missing) throw new SettingsError(`${missing} must be set with the other ${prefix}* settings`);
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new SettingsError(`${prefix}ISSUER is not a valid URL`);
  }
  const loopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopback) {
    throw new SettingsError(
      `${prefix}ISSUER must start with https:// (http:// only on 127.0.0.1 or localhost)`,
    );
  }
  return { platform, issuer, clientId, clientSecret };
}

function readRetention(env: Env): Retention {
  const days = (name: string, fallback: number) => readWholeNumber(env, name, fallback);
  return {
    visitorsDays: days('MELON_RETAIN_VISITORS_DAYS', DEFAULT_RETENTION.visitorsDays),
    expiredDays: days('MELON_RETAIN_EXPIRED_DAYS', DEFAULT_RETENTION.expiredDays),
    signInFailuresDays: days(
      'MELON_RETAIN_SIGN_IN_FAILURES_DAYS',
      DEFAULT_RETENTION.signInFailuresDays,
    ),
    finishedJobsDays: days('MELON_RETAIN_FINISHED_JOBS_DAYS', DEFAULT_RETENTION.finishedJobsDays),
    reportsDays: days('MELON_RETAIN_REPORTS_DAYS', DEFAULT_RETENTION.reportsDays),
    playsDays: days('MELON_RETAIN_PLAYS_DAYS', DEFAULT_RETENTION.playsDays),
    unattachedPicturesDays: days(
      'MELON_RETAIN_UNATTACHED_PICTURES_DAYS',
      DEFAULT_RETENTION.unattachedPicturesDays,
    ),
  };
}

/** MELON_S3_BUCKET turns the S3 engine on; its keys must then be given too. */
function readS3(env: Env): S3Settings | undefined {
  const bucket = env.MELON_S3_BUCKET;
  if (!bucket) return undefined;
  const required = (name: string): string => {
    const value = env[name];
    if (!value) throw new SettingsError(`${name} must be set when MELON_S3_BUCKET is`);
    return value;
  };
  return {
    endpoint: readUrl(env, 'MELON_S3_ENDPOINT', ['http:', 'https:']),
    bucket,
    region: env.MELON_S3_REGION || 'us-east-1',
    accessKeyId: required('MELON_S3_ACCESS_KEY_ID'),
    secretAccessKey: required('MELON_S3_SECRET_ACCESS_KEY'),
    forcePathStyle: readBoolean(env, 'MELON_S3_FORCE_PATH_STYLE', false),
    publicBaseUrl: readUrl(env, 'MELON_S3_PUBLIC_BASE_URL', ['http:', 'https:']),
  };
}

/** A WeChat Pay v3 merchant (decision 049): its ids, its key and WeChat Pay's public key. */
export interface WechatPaySettings {
  appId: string;
  mchId: string;
  /** The merchant's API private key (PEM), which signs Melon's requests. */
  privateKey: string;
  /** The serial of the merchant's API certificate. */
  serialNo: string;
  /** WeChat Pay's public key (PEM), which verifies answers and notifies, and its ID. */
  platformPublicKey: string;
  platformSerial: string;
  /** The APIv3 key (32 characters), which opens the notifies' resource. */
  apiV3Key: string;
  /** MELON_WECHAT_API_BASE, https://api.mch.weixin.qq.com by default. */
  apiBase: string;
}

const WECHAT_KEYS = {
  appId: 'MELON_WECHAT_APP_ID',
  mchId: 'MELON_WECHAT_MCH_ID',
  privateKey: 'MELON_WECHAT_PRIVATE_KEY',
  serialNo: 'MELON_WECHAT_SERIAL_NO',
  platformPublicKey: 'MELON_WECHAT_PLATFORM_PUBLIC_KEY',
  platformSerial: 'MELON_WECHAT_PLATFORM_SERIAL',
  apiV3Key: 'MELON_WECHAT_API_V3_KEY',
} as const;

/** The MELON_WECHAT_* keys: all seven or none; the APIv3 key 32 bytes. */
function readWechat(env: Env): WechatPaySettings | undefined {
  const names = Object.values(WECHAT_KEYS);
  if (names.every((name) => !env[name])) return undefined;
  const missing = names.find((name) => !env[name]);
  if (missing) throw new SettingsError(`${missing} must be set with the other MELON_WECHAT_* keys`);
  const value = (name: string) => env[name] ?? '';
  if (Buffer.byteLength(value(WECHAT_KEYS.apiV3Key)) !== 32) {
    throw new SettingsError('MELON_WECHAT_API_V3_KEY must be the 32-character APIv3 key');
  }
  return {
    appId: value(WECHAT_KEYS.appId),
    mchId: value(WECHAT_KEYS.mchId),
    privateKey: value(WECHAT_KEYS.privateKey),
    serialNo: value(WECHAT_KEYS.serialNo),
    platformPublicKey: value(WECHAT_KEYS.platformPublicKey),
    platformSerial: value(WECHAT_KEYS.platformSerial),
    apiV3Key: value(WECHAT_KEYS.apiV3Key),
    apiBase:
      readUrl(env, 'MELON_WECHAT_API_BASE', ['https:'])?.replace(/\/$/, '') ??
      'https://api.mch.weixin.qq.com',
  };
}

/** MELON_ALIPAY_APP_ID, _PRIVATE_KEY and _PUBLIC_KEY: all three or none. */
function readAlipay(env: Env): AlipaySettings | undefined {
  const names = ['MELON_ALIPAY_APP_ID', 'MELON_ALIPAY_PRIVATE_KEY', 'MELON_ALIPAY_PUBLIC_KEY'];
  const [appId = '', privateKey = '', alipayPublicKey = ''] = names.map((name) => env[name] ?? '');
  if (!appId && !privateKey && !alipayPublicKey) return undefined;
  const missing = names.find((name) => !env[name]);
  if (missing) throw new SettingsError(`${missing} must be set with the other MELON_ALIPAY_* keys`);
  const gateway =
    readUrl(env, 'MELON_ALIPAY_GATEWAY', ['https:']) ?? 'https://openapi.alipay.com/gateway.do';
  return { appId, privateKey, alipayPublicKey, gateway };
}

/** An http(s) address's origin (scheme, host, port: no path, no trailing slash). */
function readOrigin(env: Env, name: string): string | undefined {
  const url = readUrl(env, name, ['http:', 'https:']);
  return url === undefined ? undefined : new URL(url).origin;
}

/** Hosts only this machine reaches. */
const isLoopbackHost = (host: string): boolean =>
  LOOPBACK_HOSTS.has(host) || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * MELON_PUBLIC_URL's origin; without it, the listen address, which only a site this machine
 * alone reaches may use (decision 067). Production (NODE_ENV=production, as the shipped units
 * set, or any HOST beyond loopback) must name its address: a Host header never stands for it.
 */
function readSiteOrigin(env: Env, host: string, port: number): string {
  const publicUrl = readOrigin(env, 'MELON_PUBLIC_URL');
  if (publicUrl !== undefined) return publicUrl;
  if (env.NODE_ENV === 'production' || !isLoopbackHost(host)) {
    throw new SettingsError(
      'MELON_PUBLIC_URL must be set in production (NODE_ENV=production, or HOST not loopback), e.g. https://melon.example',
    );
  }
  const name = host === '::1' ? '[::1]' : host;
  return new URL(`http://${name}:${port}`).origin;
}

/** A client package's version as shown on /app: short, printable. */
const APP_VERSION = /^[\w.+-]{1,32}$/;

/** MELON_APP_<PLATFORM>_URL (https) and its optional _VERSION, for each platform offered. */
function readAppPackages(env: Env): AppPackage[] {
  return APP_PLATFORMS.flatMap((platform) => {
    const prefix = `MELON_APP_${platform.toUpperCase()}_`;
    const url = readUrl(env, `${prefix}URL`, ['https:']);
    const version = env[`${prefix}VERSION`] || null;
    if (url === undefined) {
      if (version !== null) throw new SettingsError(`${prefix}VERSION needs ${prefix}URL`);
      return [];
    }
    if (version !== null && !APP_VERSION.test(version)) {
      throw new SettingsError(
        `${prefix}VERSION must be 1 to 32 letters, digits or . _ + -, got "${version}"`,
      );
    }
    return [{ platform, url, version }];
  });
}

/** Reads and validates the settings; throws a SettingsError naming the first bad one. */
export function loadSettings(env: Env = process.env): Settings {
  const host = env.HOST ?? '127.0.0.1';
  if (host.trim() === '') throw new SettingsError('HOST must not be empty');
  const dataDir = path.resolve(env.MELON_DATA_DIR ?? './data');
  const port = readPort(env);
  return {
    port,
    host,
    dataDir,
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    siteSecret: env.MELON_SITE_SECRET || undefined,
    s3: readS3(env),
    demo: readBoolean(env, 'MELON_DEMO', false),
    demoVideos: readBoolean(env, 'MELON_DEMO_VIDEOS', true),
    demoCacheDir: path.resolve(env.MELON_DEMO_CACHE_DIR || path.join(dataDir, 'demo-cache')),
    logLevel: readLogLevel(env),
    maxUploadBytes: readWholeNumber(env, 'MELON_MAX_UPLOAD_BYTES', DEFAULT_UPLOAD_MAX_BYTES),
    maxDurationSeconds: readWholeNumber(env, 'MELON_MAX_DURATION_SECONDS', 4 * 3600),
    maxPixelRate: readWholeNumber(env, 'MELON_MAX_PIXEL_RATE', DEFAULT_MAX_PIXEL_RATE),
    userQuotaBytes: readWholeNumber(env, 'MELON_USER_QUOTA_BYTES', DEFAULT_USER_QUOTA_BYTES),
    minFreeDiskBytes: readWholeNumber(
      env,
      'MELON_MIN_FREE_DISK_BYTES',
      DEFAULT_MIN_FREE_DISK_BYTES,
      0,
    ),
    jobLeaseMs: readWholeNumber(env, 'MELON_JOB_LEASE_MS', 60_000, 300),
    oauthProviders: OAUTH_PLATFORMS.flatMap((platform) => readOauthProvider(env, platform) ?? []),
    trustedProxies: readTrustedProxies(env),
    maxSocketsPerIp: readWholeNumber(env, 'MELON_MAX_SOCKETS_PER_IP', 64),
    maxStreamsPerIp: readWholeNumber(env, 'MELON_MAX_STREAMS_PER_IP', 16),
    retention: readRetention(env),
    sweepIntervalMinutes: readWholeNumber(env, 'MELON_SWEEP_INTERVAL_MINUTES', 60),
    operatorEndpoints: readOperatorEndpoints(env),
    codeResendIntervalSeconds: readWholeNumber(env, 'MELON_CODE_RESEND_INTERVAL_SECONDS', 60),
    publicUrl: readSiteOrigin(env, host, port),
    pay: {
      sandbox:
        readBoolean(env, 'MELON_PAY_SANDBOX', false) || readBoolean(env, 'MELON_DEMO', false),
      alipay: readAlipay(env),
      wechat: readWechat(env),
      reconcileIntervalMinutes: readWholeNumber(env, 'MELON_PAY_RECONCILE_MINUTES', 5),
    },
    appPackages: readAppPackages(env),
  };
}

/** `--role web|worker|all` from the command line; `all` when absent. */
export function readRole(argv: readonly string[]): Role {
  const index = argv.indexOf('--role');
  if (index === -1) return 'all';
  const value = argv[index + 1];
  const role = ROLES.find((r) => r === value);
  if (!role)
    throw new SettingsError(`--role must be one of ${ROLES.join(', ')}, got "${value ?? ''}"`);
  return role;
}
