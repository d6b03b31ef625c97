import type { FastifyInstance } from 'fastify';
import { getDownloadUrls, getTimestamp } from '@melon/shared/calls/site-info.calls';
import type { AppPackage } from '@melon/shared/contracts/site-info';
import { route } from '../../plugins/app/call-route.ts';

/** The packages change only with the settings, at a restart: caches may keep them 5 minutes. */
const PACKAGES_CACHE = 'public, max-age=300';

/**
 * Site information (decision 056): the operator's native client packages (settings
 * MELON_APP_<PLATFORM>_URL and _VERSION; none by default) and the server's clock.
 */
export default function siteInfoRoutes(
  app: FastifyInstance,
  options: { appPackages: readonly AppPackage[] },
): void {
  route(app, getDownloadUrls, (_input, { reply }) => {
    reply.header('cache-control', PACKAGES_CACHE);
    return { packages: [...options.appPackages] };
  });

  route(app, getTimestamp, (_input, { reply }) => {
    reply.header('cache-control', 'no-store');
    return { timestamp_ms: Date.now() };
  });
}
