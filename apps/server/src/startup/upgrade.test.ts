import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { csrfTokenFor } from '../security/csrf-token.ts';
import { freeLoopbackOrigin } from '../testing/listening-origin.ts';
import { createChildDatabase, type ChildDatabase } from '../testing/child-database.ts';

/*
 * Decision 040: a site made before the shared secrets keeps its secret from
 * `<data dir>/site-secret.key` when it first starts with them: the secret moves into the
 * database, and the anti-forgery tokens browsers hold stay valid.
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

describe('a site made before the shared secrets', { timeout: 120_000 }, () => {
  let dataDir: string;
  let database: ChildDatabase;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'melon-upgrade-'));
    // Migrated, with no secret stored yet: what the first start after the upgrade finds.
    database = await createChildDatabase(dataDir);
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the secret of its data dir, now in the database', async () => {
    const secret = randomBytes(32);
    await writeFile(path.join(dataDir, 'site-secret.key'), secret.toString('base64url'));
    const port = (await freeLoopbackOrigin()).port;
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        DATABASE_URL: database.databaseUrl,
        MELON_DATA_DIR: dataDir,
        MELON_DEMO: '0',
        REDIS_URL: '',
        PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // What the process printed, shown if the test fails (a timeout included), and no process left.
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    }
    onTestFailed(() => {
      console.error(`main.ts printed:\n${output}`);
      child.kill('SIGKILL');
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const webId = '7300000000000000002';
      let answer: { data: { csrfToken: string } } | undefined;
      while (!answer) {
        if (child.exitCode !== null) throw new Error(`main exited ${child.exitCode}`);
        // A request left unanswered (a start under load) is asked again, not waited on forever.
        answer = await fetch(`http://127.0.0.1:${port}/api/otherv2/global_config`, {
          headers: { cookie: `web_id=${webId}` },
          signal: AbortSignal.timeout(5_000),
        }).then(
          (response) =>
            response.ok ? (response.json() as Promise<{ data: { csrfToken: string } }>) : undefined,
          () => undefined,
        );
        if (!answer) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(answer.data.csrfToken).toBe(csrfTokenFor(secret, webId));
      expect(
        await database.db.selectFrom('shared_secrets').select(['name', 'value']).execute(),
      ).toEqual([{ name: 'site', value: secret.toString('base64url') }]);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
