import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './deploy-doc.ts';
import { unitCommand } from './systemd-unit.ts';

/** One Melon process the journey started from a shipped unit. */
export interface MelonProcess {
  child: ChildProcess;
  exited: Promise<void>;
  /** kill -9 to its whole process group (ffmpeg included), as a crashed machine loses it. */
  killHard(): Promise<void>;
  /** SIGTERM, as `systemctl stop` sends, and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `deploy/systemd/<unit>` for `instance` in its own process group, from the checkout,
 * with `settings` as its settings file would give them; its output goes to `<logDir>/<name>.log`.
 */
export function startUnit(options: {
  unit: string;
  instance?: string;
  settings: Record<string, string>;
  logDir: string;
  name: string;
}): MelonProcess {
  const { argv, env } = unitCommand(options.unit, options.instance);
  const [command = '', ...args] = argv;
  const log = openSync(path.join(options.logDir, `${options.name}.log`), 'a');
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.settings, ...env },
    stdio: ['ignore', log, log],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, name);
      } catch {
        // Gone already.
      }
    }
    await exited;
  };
  return { child, exited, killHard: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

/** Resolves once `url` answers 200, failing when the process exits first. */
export async function waitReady(process: MelonProcess, url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) {
      throw new Error(`${url}: the process exited with ${process.child.exitCode}`);
    }
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}
