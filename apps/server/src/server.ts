import Fastify, { type FastifyInstance } from 'fastify';
import melonApp, { type AppOptions } from './app.ts';
import { DEFAULT_TRUSTED_PROXIES } from './http/trusted-proxies.ts';
import { loggerOptions } from './http/log-redaction.ts';
import { answerFrameworkError } from './plugins/app/error-handler.ts';

/** 1 MiB: larger bodies (uploads) go through their own routes with their own limits. */
const BODY_LIMIT = 1024 * 1024;

/**
 * The time a request has to arrive whole (Fastify's default is none): a 4 MiB upload chunk at
 * 35 KB/s; a trickled body no longer holds its connection for ever.
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/** A Fastify instance running the Melon app, ready to listen or to be injected into by tests. */
export async function createServer(
  options: AppOptions & {
    logLevel: string;
    /** Where log lines go; stdout when left out (tests read them from here). */
    logStream?: NodeJS.WritableStream;
    /** Routes of the caller's own (tests), registered inside the app beside its modules. */
    extraRoutes?: (app: FastifyInstance) => void;
    /** Proxies whose X-Forwarded-* headers are believed (MELON_TRUSTED_PROXIES); loopback by default. */
    trustedProxies?: readonly string[];
  },
): Promise<FastifyInstance> {
  const {
    logLevel,
    logStream,
    extraRoutes,
    trustedProxies = DEFAULT_TRUSTED_PROXIES,
    ...appOptions
  } = options;
  const server = Fastify({
    logger: loggerOptions(logLevel, logStream),
    genReqId: () => options.newId(),
    bodyLimit: BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    routerOptions: { maxParamLength: 256 },
    // The router's own refusals (bad escapes, over-long parameters) in the envelope too.
    frameworkErrors: answerFrameworkError,
    trustProxy: [...trustedProxies],
  });
  await server.register(async (app) => {
    await melonApp(app, appOptions);
    extraRoutes?.(app);
  });
  return server;
}
