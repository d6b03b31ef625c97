import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * @fastify/rate-limit with no global limit: routes opt in through the hooks of
 * plugins/app/rate-limits.ts. Counters live in this process (DESIGN §1, embedded column); the
 * Redis store that shares them between processes comes with scale mode (REDIS_URL), until then
 * each process counts on its own.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, { global: false });
  },
  { name: 'rate-limit' },
);
