import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_BASE = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/**
 * The Redis database number of the journey and the load bench: the other tests use database 0
 * (with their own key prefixes), so these runs never meet their queues, buses or counters.
 */
const REDIS_DB = 13;

async function admin(statement: string, url = ADMIN_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A URL of `ADMIN_URL`'s server naming database `name`. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.href;
}

/** A new, empty PostgreSQL database; `drop` removes it (and any of `extra` named). */
export async function freshPostgres(prefix: string): Promise<{
  url: string;
  name: string;
  drop: (...extra: string[]) => Promise<void>;
}> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  return {
    url: databaseUrl(name),
    name,
    drop: async (...extra) => {
      for (const db of [name, ...extra]) await admin(`drop database if exists ${db} with (force)`);
    },
  };
}

/** The journey's own Redis database, emptied: what a fresh site finds. */
export async function freshRedis(): Promise<string> {
  const url = new URL(REDIS_BASE);
  url.pathname = `/${REDIS_DB}`;
  const redis = new Redis(url.href);
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
  return url.href;
}
