import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareDemoVideos } from '../apps/server/src/demo/seed-demo.ts';

const root = fileURLToPath(new URL('../', import.meta.url));

export interface ServerToStart {
  /** The script, relative to the repository's root, run by this Node. */
  script: string;
  /** Added to this process's environment. */
  env: Record<string, string>;
  /** Answers 2xx once the server is ready. */
  readyUrl: string;
  args?: string[];
  /** How long it may take to become ready; 3 minutes when not given. */
  timeoutMs?: number;
}

/**
 * Starts a server as a child process and resolves once its ready URL answers (within
 * `timeoutMs`). The child joins `children` at once, so the run's clean-up stops it even when it
 * never became ready.
 */
export async function startServer(
  server: ServerToStart,
  children: ChildProcess[],
): Promise<ChildProcess> {
  const { script, env, readyUrl, args = [], timeoutMs = 180_000 } = server;
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    const ok = await fetch(readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${script} did not become ready`);
}

/**
 * Starts Melon (`apps/server/src/main.ts`) on SQLite in `dataDir` (or on the PostgreSQL
 * database at `databaseUrl`) with the demo content, on loopback at `port`, without Redis, every
 * demo video playable from the start. The videos are made first, as the browser tests make them
 * (a start makes the ones its cache lacks in the background, decision 070, and a benchmark must
 * not measure a site still transcoding); they are kept in `.cache/demo-cache` between runs, so
 * only a machine's first run waits for them, and that wait has no deadline: the server's own
 * readiness wait is the usual one.
 */
export async function startDemoServer(
  port: number,
  dataDir: string,
  children: ChildProcess[],
  databaseUrl = '',
): Promise<ChildProcess> {
  const cacheDir = path.resolve(root, process.env.MELON_DEMO_CACHE_DIR ?? '.cache/demo-cache');
  await prepareDemoVideos({
    cacheDir,
    onProgress: (line) => {
      console.log(`bench: ${line}`);
    },
  });
  return startServer(
    {
      script: 'apps/server/src/main.ts',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        MELON_DATA_DIR: dataDir,
        MELON_DEMO: '1',
        MELON_DEMO_CACHE_DIR: cacheDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        // As `npm start` and the web unit run it.
        UV_THREADPOOL_SIZE: '16',
      },
      readyUrl: `http://127.0.0.1:${port}/readyz`,
    },
    children,
  );
}
