import Type, { type Static } from 'typebox';

/** The platforms a native client package can be offered for (settings MELON_APP_<PLATFORM>_URL). */
export const APP_PLATFORMS = ['windows', 'macos', 'linux', 'android', 'ios'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** One native client package the operator offers: where to get it and its version, if given. */
export const AppPackage = Type.Object({
  platform: Type.Enum(APP_PLATFORMS),
  /** An https address (a download, or the platform's app store page). */
  url: Type.String(),
  version: Type.Union([Type.String(), Type.Null()]),
});
export type AppPackage = Static<typeof AppPackage>;

/** GET /api/otherv2/download_url: the operator's client packages, in APP_PLATFORMS order; often none. */
export const DownloadUrls = Type.Object({ packages: Type.Array(AppPackage) });
export type DownloadUrls = Static<typeof DownloadUrls>;

/** GET /api/otherv2/get_timestamp: the server's clock, in milliseconds since the epoch. */
export const ServerTimestamp = Type.Object({ timestamp_ms: Type.Integer() });
export type ServerTimestamp = Static<typeof ServerTimestamp>;
