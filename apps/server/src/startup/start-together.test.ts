import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTHORS } from '../demo/demo-catalogue.ts';
import { DEFAULT_CHANNELS } from '../modules/channel/channel-catalogue.ts';
import { createS3Storage } from '../storage/s3-storage.ts';
import { freeLoopbackOrigin } from '../testing/listening-origin.ts';
import { createChildDatabase, type ChildDatabase } from '../testing/child-database.ts';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.ts';

/*
 * Decision 040: processes of every role started at the same moment on an empty database all
 * come up, and the first-start work (migrations, channels, demo rows, the site secret) is done
 * once. On PostgreSQL each process has a data dir of its own, as on separate machines; on
 * SQLite they share the one data dir the database lives in. Media are in an S3 server
 * (decision 041): the demo's pictures land in the bucket once, and every web process serves them.
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ROLES = ['web', 'worker', 'all', 'web', 'worker'] as const;
const onPostgres = process.env.MELON_TEST_DIALECT === 'postgres';

interface Started {
  role: (typeof ROLES)[number];
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(role: Started['role'], port: number, env: Record<string, string>): Started {
  const child = spawn(process.execPath, [MAIN, '--role', role], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { role, port, child, output: () => output, exited };
}

/** Resolves once the process serves /readyz (a worker: once it says it runs jobs). */
async function upAndRunning(started: Started): Promise<void> {
  for (;;) {
    if (started.child.exitCode !== null) {
      throw new Error(`${started.role} exited ${started.child.exitCode}: ${started.output()}`);
    }
    if (started.role === 'worker') {
      if (started.output().includes('worker role runs')) return;
    } else {
      // A request left unanswered (a start under load) is asked again, not waited on forever.
      const ready = await fetch(`http://127.0.0.1:${started.port}/readyz`, {
        signal: AbortSignal.timeout(5_000),
      }).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The anti-forgery token a process gives one browser: the same site secret signs it alike. */
async function csrfTokenFor(port: number, webId: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/otherv2/global_config`, {
    headers: { cookie: `web_id=${webId}` },
  });
  const body = (await response.json()) as { data: { csrfToken: string } };
  return body.data.csrfToken;
}

describe(
  'five processes started together on an empty database, media on S3',
  { timeout: 120_000 },
  () => {
    const dirs: string[] = [];
    let database: ChildDatabase;
    let s3: TestS3Server;
    let processes: Started[] = [];

    beforeAll(async () => {
      const sharedDir = await mkdtemp(path.join(tmpdir(), 'melon-start-'));
      dirs.push(sharedDir);
      database = await createChildDatabase(sharedDir, { empty: true });
      s3 = await startTestS3Server();
      const ports = await Promise.all(ROLES.map(async () => (await freeLoopbackOrigin()).port));
      const dataDirs = await Promise.all(
        ROLES.map(async () => {
          if (!onPostgres) return sharedDir;
          const own = await mkdtemp(path.join(tmpdir(), 'melon-start-'));
          dirs.push(own);
          return own;
        }),
      );
      processes = ROLES.map((role, index) =>
        start(role, ports[index] ?? 0, {
          DATABASE_URL: database.databaseUrl,
          MELON_DATA_DIR: dataDirs[index] ?? sharedDir,
          MELON_DEMO: '1',
          MELON_DEMO_VIDEOS: '0',
          REDIS_URL: '',
          MELON_S3_BUCKET: s3.settings.bucket,
          MELON_S3_ENDPOINT: s3.settings.endpoint ?? '',
          MELON_S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
          MELON_S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
          MELON_S3_FORCE_PATH_STYLE: '1',
        }),
      );
    });

    afterAll(async () => {
      for (const started of processes) started.child.kill('SIGTERM');
      await Promise.all(processes.map((started) => started.exited));
      await database.close();
      await s3.close();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('all come up, having made the channels, the demo and the secret once', async () => {
      await Promise.all(processes.map(upAndRunning));

      const db = database.db;
      const channels = await db.selectFrom('channels').select('id').execute();
      expect(channels).toHaveLength(DEFAULT_CHANNELS.length);
      const authors = await db
        .selectFrom('users')
        .select('name')
        .where(
          'name',
          'in',
          DEMO_AUTHORS.map((author) => author.name),
        )
        .execute();
      expect(authors).toHaveLength(DEMO_AUTHORS.length);
      // The site secret, and the payment sandbox's keys (the demo turns the sandbox on), once.
      const secrets = await db
        .selectFrom('shared_secrets')
        .select('name')
        .orderBy('name')
        .execute();
      expect(secrets.map((secret) => secret.name)).toEqual([
        'pay-sandbox-alipay-merchant',
        'pay-sandbox-alipay-provider',
        'pay-sandbox-wechat-apiv3',
        'pay-sandbox-wechat-merchant',
        'pay-sandbox-wechat-provider',
        'site',
      ]);

      // Every process that serves signs with the one secret, whatever its data dir.
      const webId = '7300000000000000001';
      const tokens = await Promise.all(
        processes
          .filter((started) => started.role !== 'worker')
          .map((started) => csrfTokenFor(started.port, webId)),
      );
      expect(new Set(tokens).size).toBe(1);

      // The demo's covers are in the bucket, once, and every web process serves them from there.
      const items = await db
        .selectFrom('items')
        .select(['cover_large_uri', 'cover_middle_uri'])
        .execute();
      const itemCovers = items
        .flatMap((item) => [item.cover_large_uri, item.cover_middle_uri])
        .filter((uri) => uri.startsWith('covers/'));
      expect(itemCovers).not.toEqual([]);
      const covers = await createS3Storage(s3.settings).list('covers');
      expect(covers).toEqual([...new Set(itemCovers)].sort());
      for (const started of processes.filter((each) => each.role !== 'worker')) {
        const cover = await fetch(`http://127.0.0.1:${started.port}/media/${covers[0] ?? ''}`);
        expect(cover.status).toBe(200);
        expect(cover.headers.get('content-type')).toBe('image/webp');
      }
      expect(processes.map((started) => started.child.exitCode)).toEqual(ROLES.map(() => null));
    });
  },
);
