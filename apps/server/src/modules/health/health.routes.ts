import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** Liveness and readiness for process managers and load balancers. */
export default function healthRoutes(app: FastifyInstance): void {
  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ready' };
    } catch (error) {
      app.log.warn({ err: error }, 'database not ready');
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
}
