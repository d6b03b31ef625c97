import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `main.ts`; `whenReady` runs once /readyz answers and may stop the process. */
function runMain(
  env: Record<string, string>,
  whenReady?: (port: number, stop: () => void) => void,
) {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (whenReady) {
    const port = Number(env.PORT);
    const poll = setInterval(() => {
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => {
          if (!response.ok) return;
          clearInterval(poll);
          whenReady(port, () => child.kill('SIGTERM'));
        },
        () => undefined,
      );
    }, 100);
    child.once('exit', () => {
      clearInterval(poll);
    });
  }
  return new Promise<Run>((resolve) => {
    child.once('exit', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
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
      const run = await runMain({ PORT: '3231', MELON_DATA_DIR: dataDir }, (port, stop) => {
        void fetch(`http://127.0.0.1:${port}/healthz`)
          .then((response) => response.text())
          .then((text) => {
            health = text;
            stop();
          });
      });
      expect(health).toBe('{"status":"ok"}');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('melon: SIGTERM received, shutting down');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
