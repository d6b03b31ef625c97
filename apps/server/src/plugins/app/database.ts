import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** Makes a new time-ordered id (DESIGN §4). */
    newId: () => string;
  }
}

/** Shares the database opened by main (or by a test) and the id generator with every module. */
export default fp(
  (app: FastifyInstance, options: { db: Kysely<Database>; newId: () => string }) => {
    app.decorate('db', options.db);
    app.decorate('newId', options.newId);
  },
  { name: 'database' },
);
