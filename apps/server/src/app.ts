import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { AppPackage } from '@melon/shared/contracts/site-info';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@melon/shared/contracts/publish';
import { notFound } from './lib/domain-error.ts';
import accountRoutes from './modules/account/account.routes.ts';
import authorRoutes from './modules/author/author.routes.ts';
import captcha from './modules/captcha/captcha.plugin.ts';
import captchaRoutes from './modules/captcha/captcha.routes.ts';
import certificationRoutes from './modules/certification/certification.routes.ts';
import channelRoutes from './modules/channel/channel.routes.ts';
import commentRoutes from './modules/comment/comment.routes.ts';
import danmakuRoutes from './modules/danmaku/danmaku.routes.ts';
import emojiRoutes from './modules/emoji/emoji.routes.ts';
import globalConfigRoutes from './modules/config/global-config.routes.ts';
import favoriteRoutes from './modules/favorite/favorite.routes.ts';
import feedRoutes from './modules/feed/feed.routes.ts';
import feedbackRoutes from './modules/feedback/feedback.routes.ts';
import followRoutes from './modules/follow/follow.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import historyRoutes from './modules/history/history.routes.ts';
import imageRoutes from './modules/image/image.routes.ts';
import { findViewableItem } from './modules/item/item.service.ts';
import ingest from './modules/media-ingest/ingest.plugin.ts';
import mediaRoutes from './modules/media-files/media.routes.ts';
import uploadProgressRoutes from './modules/upload-progress/upload-progress.routes.ts';
import notify from './modules/notify/notify.plugin.ts';
import bindConflictRoutes from './modules/oauth/bind-conflict.routes.ts';
import oauthRoutes from './modules/oauth/oauth.routes.ts';
import passportRoutes from './modules/passport/passport.routes.ts';
import payRoutes from './modules/pay/pay.routes.ts';
import paySandbox from './modules/pay-sandbox/pay-sandbox.plugin.ts';
import playlistRoutes from './modules/playlist/playlist.routes.ts';
import cinemaRoutes from './modules/cinema/cinema.routes.ts';
import playsRoutes from './modules/plays/plays.routes.ts';
import qrLoginRoutes from './modules/qr-login/qr-login.routes.ts';
import recommendRoutes from './modules/recommend/recommend.routes.ts';
import reportRoutes from './modules/report/report.routes.ts';
import searchRoutes from './modules/search/search.routes.ts';
import seoRoutes from './modules/seo/seo.routes.ts';
import sitemapRoutes from './modules/seo/sitemap.routes.ts';
import seriesRoutes from './modules/series/series.routes.ts';
import { findLiveSessionIds } from './modules/session/session.repository.ts';
import sessionRoutes from './modules/session/session.routes.ts';
import siteInfoRoutes from './modules/site-info/site-info.routes.ts';
import ssrRoutes from './modules/ssr/ssr.routes.ts';
import type { WebBuild } from './modules/ssr/web-build.ts';
import studioRoutes from './modules/studio/studio.routes.ts';
import studioSeriesRoutes from './modules/studio-series/studio-series.routes.ts';
import trackingRoutes from './modules/tracking/tracking.routes.ts';
import type { StorageLimits } from './modules/upload/storage-guard.ts';
import uploadRoutes from './modules/upload/upload.routes.ts';
import userCenterRoutes from './modules/user-center/user-center.routes.ts';
import videoRoutes from './modules/video/video.routes.ts';
import vipCodeRoutes from './modules/vip-codes/vip-codes.routes.ts';
import database from './plugins/app/database.ts';
import errorHandler from './plugins/app/error-handler.ts';
import identity from './plugins/app/identity.ts';
import metrics from './plugins/app/metrics.ts';
import requestLimits from './plugins/app/request-limits.ts';
import siteOrigin from './plugins/app/site-origin.ts';
import session from './modules/session/session.plugin.ts';
import toPlayRoutes from './modules/to-play/to-play.routes.ts';
import tortRoutes from './modules/tort/tort.routes.ts';
import openapi from './plugins/external/openapi.ts';
import rateLimit, { type RateLimitStoreOptions } from './plugins/external/rate-limit.ts';
import type { RealtimeOptions } from './realtime/realtime-options.ts';
import realtime from './realtime/realtime.plugin.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { OauthProviderSettings, OperatorEndpoints, PaySettings } from './settings.ts';
import { createMediaStorage } from './storage/create-media-storage.ts';
import type { MediaStorage } from './storage/media-storage.ts';

export interface AppOptions {
  db: Kysely<Database>;
  newId: () => string;
  dataDir: string;
  /** Signs anti-forgery tokens. */
  secret: Buffer;
  /** The built web app; without it only the API is served. */
  webBuild: WebBuild | undefined;
  /** Third-party sign-in providers (settings); an empty list offers none. */
  oauthProviders: readonly OauthProviderSettings[];
  /** Where the rate limits count: Redis when redisUrl is set; this process otherwise. */
  rateLimits?: Partial<RateLimitStoreOptions>;
  /** The /ws gateway and pub/sub: Redis when redisUrl is set; defaults otherwise. */
  realtime?: Partial<RealtimeOptions>;
  /** The largest video upload in bytes; DEFAULT_UPLOAD_MAX_BYTES when left out. */
  uploadMaxBytes?: number;
  /** The longest video accepted, in seconds; 4 hours when left out. */
  maxDurationSeconds?: number;
  /** Width × height × fps accepted; 4K at 60 fps when left out. */
  maxPixelRate?: number;
  /** Each user's storage quota and the disk's free-space floor; defaults when left out. */
  storage?: Partial<StorageLimits>;
  /** Where media files live (decision 041); the local disk under `<dataDir>/media` when left out. */
  mediaStorage?: MediaStorage;
  /** The job queue (BullMQ in scale mode); the database queue when left out. */
  jobQueue?: JobQueue;
  /** Who may read /metrics, /openapi.json and /docs/api; clients on this host when left out. */
  operatorEndpoints?: OperatorEndpoints;
  /** The least time between two verification codes to one target; 60 s when left out. */
  codeResendIntervalMs?: number;
  /**
   * The site's origin (decision 067): MELON_PUBLIC_URL, else the listen address (settings). Every
   * absolute address is on it. Left out (tests that inject): http://localhost, where injected
   * requests arrive.
   */
  publicUrl?: string;
  /** Payments (decision 048); nothing can be bought when left out. */
  pay?: PaySettings;
  /** Native client packages offered on /app (decision 056); none when left out. */
  appPackages?: readonly AppPackage[];
}

/** The whole Melon web role as one Fastify plugin: ecosystem plugins first, then Melon's own. */
export default async function melonApp(app: FastifyInstance, options: AppOptions): Promise<void> {
  await app.register(errorHandler);
  await app.register(siteOrigin, { origin: options.publicUrl ?? 'http://localhost' });
  await app.register(cookie);
  await app.register(formbody);
  // React Router streams inline hydration scripts; a nonce-based CSP comes with the player work.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  const operatorEndpoints = options.operatorEndpoints ?? 'loopback';
  await app.register(openapi, { operatorEndpoints });
  await app.register(rateLimit, options.rateLimits ?? {});

  await app.register(requestLimits);
  await app.register(metrics, { operatorEndpoints });
  await app.register(database, { db: options.db, newId: options.newId });
  await app.register(identity, { secret: options.secret, newId: options.newId });
  await app.register(session);
  await app.register(captcha, { secret: options.secret });
  await app.register(notify, { dataDir: options.dataDir });
  const mediaStorage = options.mediaStorage ?? createMediaStorage({ dataDir: options.dataDir });
  await app.register(ingest, {
    dataDir: options.dataDir,
    jobQueue: options.jobQueue,
    storage: mediaStorage,
    limits: {
      maxBytes: options.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES,
      maxDurationSeconds: options.maxDurationSeconds ?? 4 * 3600,
      ...(options.maxPixelRate === undefined ? {} : { maxPixelRate: options.maxPixelRate }),
    },
  });
  await app.register(realtime, {
    ...options.realtime,
    // Who may watch an item's danmaku live is the item policy's call.
    canWatch: async (itemId, viewerId) =>
      (await findViewableItem(app.db, itemId, viewerId)) !== undefined,
    // Sockets and streams of a session end with it (signed out, revoked, expired).
    liveSessions: (idHashes) => findLiveSessionIds(app.db, idHashes, Date.now()),
  });

  await app.register(healthRoutes);
  await app.register(globalConfigRoutes, { secret: options.secret });
  await app.register(channelRoutes);
  await app.register(feedRoutes);
  await app.register(recommendRoutes);
  await app.register(trackingRoutes);
  await app.register(mediaRoutes, {
    dataDir: options.dataDir,
    secret: options.secret,
    storage: mediaStorage,
  });
  await app.register(videoRoutes, { secret: options.secret });
  await app.register(captchaRoutes);
  const codeSender = { secret: options.secret, codeResendIntervalMs: options.codeResendIntervalMs };
  await app.register(passportRoutes, codeSender);
  await app.register(accountRoutes);
  await app.register(sessionRoutes);
  await app.register(userCenterRoutes, { storage: mediaStorage });
  await app.register(qrLoginRoutes);
  await app.register(oauthRoutes, { providers: options.oauthProviders, secret: options.secret });
  await app.register(bindConflictRoutes, codeSender);
  await app.register(danmakuRoutes);
  await app.register(historyRoutes);
  await app.register(playsRoutes);
  await app.register(seoRoutes);
  await app.register(sitemapRoutes);
  await app.register(commentRoutes);
  await app.register(emojiRoutes);
  await app.register(siteInfoRoutes, { appPackages: options.appPackages ?? [] });
  await app.register(imageRoutes, { storage: mediaStorage });
  await app.register(reportRoutes);
  await app.register(tortRoutes, { storage: mediaStorage });
  await app.register(feedbackRoutes, { storage: mediaStorage });
  await app.register(followRoutes);
  await app.register(favoriteRoutes);
  await app.register(searchRoutes);
  await app.register(authorRoutes);
  await app.register(seriesRoutes);
  await app.register(playlistRoutes);
  await app.register(cinemaRoutes);
  await app.register(toPlayRoutes);
  await app.register(studioRoutes, { storage: mediaStorage });
  await app.register(studioSeriesRoutes);
  await app.register(certificationRoutes);
  await app.register(vipCodeRoutes);
  await app.register(payRoutes, { settings: options.pay });
  if (options.pay?.sandbox) await app.register(paySandbox);
  await app.register(uploadProgressRoutes);
  await app.register(uploadRoutes, {
    dataDir: options.dataDir,
    maxBytes: options.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES,
    storage: options.storage,
    mediaStorage,
  });

  // Unknown API paths answer in the envelope; every other page path belongs to the web app.
  app.all('/api/*', { schema: { hide: true } }, () => {
    throw notFound('接口不存在');
  });
  app.setNotFoundHandler(() => {
    throw notFound('页面不存在');
  });
  if (options.webBuild) {
    await app.register(ssrRoutes, { build: options.webBuild });
  }
}
