import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
