import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The children of the running test: a test that times out leaves its output and no process. */
const running = new Set<{ child: ChildProcess; output: () => string }>();

afterEach((context) => {
  for (const run of running) {
    if (context.task.result?.state === 'fail') console.error(`main.ts printed:\n${run.output()}`);
    run.child.kill('SIGKILL');
  }
  running.clear();
});

/**
 * Starts `main.ts` on its own defaults (no PostgreSQL, no Redis: what a fresh machine has);
 * `whenReady` runs once /readyz answers, and its failure stops the process.
 */
function runMain(
  env: Record<string, string>,
  whenReady?: (port: number, stop: () => void) => Promise<void>,
) {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const run = { child, output: () => stdout + stderr };
  running.add(run);
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Run>((resolve) => {
    child.once('exit', (code) => {
      running.delete(run);
      resolve({ code, stdout, stderr });
    });
  });
  if (whenReady)
    void pollUntilReady(Number(env.PORT), whenReady, child, (message) => {
      stderr += `\n[test] ${message}`;
    });
  return exited;
}

/** Asks /readyz one request at a time until it answers or the process exits. */
async function pollUntilReady(
  port: number,
  whenReady: (port: number, stop: () => void) => Promise<void>,
  child: ChildProcess,
  note: (message: string) => void,
) {
  const stop = () => child.kill('SIGTERM');
  while (child.exitCode === null && child.signalCode === null) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      await whenReady(port, stop).catch((error: unknown) => {
        note(`whenReady failed: ${String(error)}`);
        stop();
      });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('main', () => {
  it.each([
    [{ PORT: 'abc' }, 'melon: PORT must be a whole number from 1 to 65535, got "abc"'],
    [
      { DATABASE_URL: 'mysql://db' },
      'melon: DATABASE_URL must start with postgres:// or postgresql://',
    ],
    [
      { NODE_ENV: 'production', MELON_PUBLIC_URL: '' },
      'melon: MELON_PUBLIC_URL must be set in production (NODE_ENV=production, or HOST not loopback), e.g. https://melon.example',
    ],
  ])('refuses a bad setting %o with one line naming it', async (env, line) => {
    const run = await runMain(env);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(line);
  });

  it('refuses to start on a site secret cut short, with one line naming the file', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-main-'));
    try {
      const file = path.join(dataDir, 'site-secret.key');
      writeFileSync(file, '');
      const run = await runMain({ PORT: '3232', MELON_DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        `melon: the site secret ${file} holds 0 bytes, at least 32 are needed: ` +
          'restore it from a backup, or remove it to make a new one (everyone is signed out)',
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('serves until SIGTERM, then shuts down cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-main-'));
    try {
      let health = '';
      const run = await runMain({ PORT: '3231', MELON_DATA_DIR: dataDir }, async (port, stop) => {
        health = await (await fetch(`http://127.0.0.1:${port}/healthz`)).text();
        stop();
      });
      expect(health).toBe('{"status":"ok"}');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('melon: SIGTERM received, shutting down');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
