import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startUnit, waitReady, type MelonProcess } from './melon-process.ts';
import { startNginx } from './nginx.ts';

/** The ports the shipped units and site file name (deploy/systemd, deploy/nginx). */
export const WEB_PORTS = [3001, 3002] as const;
export const directOrigin = (port: number) => `http://127.0.0.1:${port}`;

/**
 * The scale mode on loopback as docs/DEPLOY.md sets it up: `melon-web@3001`, `melon-web@3002`
 * and `melon-worker` from the shipped units with `settings` (what /etc/melon/melon.env holds),
 * and nginx with the shipped site file in front on `nginxPort`. Logs go to `dir`. Without
 * `MELON_DATA_DIR` in the settings each process gets a data dir of its own (`<dir>/<name>`),
 * as processes on different machines would: with the media in S3, nothing they share may
 * live on one process's disk.
 */
export class Cluster {
  readonly web = new Map<number, MelonProcess>();
  worker: MelonProcess | undefined;
  nginx: ChildProcess | undefined;

  readonly settings: Record<string, string>;
  readonly dir: string;
  readonly nginxPort: number;

  constructor(settings: Record<string, string>, dir: string, nginxPort: number) {
    this.settings = settings;
    this.dir = dir;
    this.nginxPort = nginxPort;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.nginxPort}`;
  }

  /** The settings of process `name`: the site's, with its own data dir unless one is shared. */
  settingsOf(name: string): Record<string, string> {
    const dataDir = this.settings.MELON_DATA_DIR ?? path.join(this.dir, name);
    return { ...this.settings, MELON_DATA_DIR: dataDir };
  }

  /** Starts `melon-web@<port>` as its unit does. */
  startWeb(port: number): MelonProcess {
    const name = `web-${port}`;
    const started = startUnit({
      unit: 'melon-web@.service',
      instance: String(port),
      settings: this.settingsOf(name),
      logDir: this.dir,
      name,
    });
    this.web.set(port, started);
    return started;
  }

  webProcess(port: number): MelonProcess {
    const found = this.web.get(port);
    if (!found) throw new Error(`no web process on ${port}`);
    return found;
  }

  startWorker(): MelonProcess {
    const settings = this.settingsOf('worker');
    this.worker = startUnit({
      unit: 'melon-worker.service',
      settings,
      logDir: this.dir,
      name: 'worker',
    });
    return this.worker;
  }

  /** Resolves once the worker has written its role line (it has no port to ask). */
  async workerRunning(): Promise<void> {
    const worker = this.worker;
    if (!worker) throw new Error('no worker started');
    const log = path.join(this.dir, 'worker.log');
    for (;;) {
      const text = await readFile(log, 'utf8').catch(() => '');
      if (text.includes('worker role runs')) return;
      if (worker.child.exitCode !== null) throw new Error(`the worker exited:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Every process at the same moment (the start-up lock orders them), then nginx. */
  async start(): Promise<void> {
    for (const port of WEB_PORTS) this.startWeb(port);
    this.startWorker();
    await Promise.all(
      WEB_PORTS.map((port) =>
        waitReady(this.webProcess(port), `${directOrigin(port)}/readyz`, 900_000),
      ),
    );
    await this.workerRunning();
    this.nginx = await startNginx(this.nginxPort, path.join(this.dir, 'nginx'));
  }

  async stop(): Promise<void> {
    this.nginx?.kill('SIGTERM');
    const all = [...this.web.values(), ...(this.worker ? [this.worker] : [])];
    await Promise.all(all.map((process) => process.stop()));
  }
}
