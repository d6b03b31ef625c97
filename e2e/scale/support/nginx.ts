import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './deploy-doc.ts';

const SHIPPED = path.join(REPO_ROOT, 'deploy/nginx/melon.conf');

/**
 * The shipped site file on the journey's loopback port: its `listen` lines on 127.0.0.1:`port`
 * (the default server's flag kept, the IPv6 ones dropped), the site's `server_name` the
 * journey's MELON_PUBLIC_URL host (127.0.0.1), its access logs in `dir`; the upstream's `server`
 * lines stay as shipped (the journey's web processes listen on the ports the file names).
 * Anything else differing would be a test of another file, so a missing line fails here.
 */
export function siteForTest(port: number, dir: string): string {
  const shipped = readFileSync(SHIPPED, 'utf8');
  const listens = /^( {4})listen (\[::\]:)?80( default_server)?;\n/gm;
  const count = (pattern: RegExp) => (shipped.match(pattern) ?? []).length;
  if (count(listens) === 0 || count(listens) !== count(/^ *listen /gm)) {
    throw new Error('melon.conf listens otherwise than on port 80');
  }
  if (!/ default_server;/.test(shipped)) throw new Error('melon.conf has no default server');
  const siteName = /^( {4}server_name )melon\.example;$/m;
  if (!siteName.test(shipped)) throw new Error('melon.conf has no server_name melon.example');
  const log = /^( {4}access_log )\/var\/log\/nginx\/(\S+)( melon;)$/gm;
  if (!log.test(shipped)) throw new Error('melon.conf has no access_log melon');
  return shipped
    .replace(listens, (_line, indent: string, ipv6: string | undefined, flag = '') =>
      ipv6 ? '' : `${indent}listen 127.0.0.1:${port}${flag};\n`,
    )
    .replace(siteName, (_line, directive: string) => `${directive}127.0.0.1;`)
    .replace(log, `$1${dir}/$2$3`);
}

/** The lines of Debian's nginx.conf a site relies on, with every path in `dir`. */
function mainConfig(dir: string, site: string): string {
  return `
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 2;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${site};
}
`;
}

/**
 * Debian's nginx, unprivileged, in the foreground, with its own prefix, configuration, pid,
 * logs and temp files in `dir`, serving the shipped site on 127.0.0.1:`port`. Resolves once
 * it answers.
 */
export async function startNginx(port: number, dir: string): Promise<ChildProcess> {
  mkdirSync(dir, { recursive: true });
  const site = path.join(dir, 'melon.conf');
  writeFileSync(site, siteForTest(port, dir));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, mainConfig(dir, site));
  const child = spawn('/usr/sbin/nginx', ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status > 0,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('nginx did not answer');
}
