import { Redis } from 'ioredis';

/** The Redis the scale-mode tests use: REDIS_URL, or the local server. */
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** The same server's database `index`, for a test whose keys no other run may see. */
export function redisDatabaseUrl(index: number): string {
  const url = new URL(REDIS_URL);
  url.pathname = `/${index}`;
  return url.href;
}

/**
 * Whether Redis answers at REDIS_URL, for `describe.runIf`. When it does not, the suites named
 * by `what` are skipped with the reason printed; under CI=true this throws instead, so a CI run
 * without Redis fails rather than passing with the scale-mode tests left out.
 */
export async function redisAvailable(what: string): Promise<boolean> {
  const failure = await pingRedis();
  if (failure === undefined) return true;
  const reason = `Redis at ${REDIS_URL} does not answer (${failure})`;
  if (process.env.CI === 'true') throw new Error(`${reason}; CI=true needs it for ${what}`);
  console.warn(`[melon] skipping ${what}: ${reason}. Set REDIS_URL or start redis-server.`);
  return false;
}

/** Undefined when PING succeeds, else why it did not. */
async function pingRedis(): Promise<string | undefined> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The socket's own error (ECONNREFUSED …) says more than the rejection ("Connection is closed").
  let socketError: Error | undefined;
  probe.on('error', (error: Error) => (socketError ??= error));
  try {
    await probe.connect();
    await probe.ping();
    return undefined;
  } catch (error) {
    return (socketError ?? (error as Error)).message;
  } finally {
    probe.disconnect();
  }
}
