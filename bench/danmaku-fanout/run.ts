/**
 * bench/danmaku-fanout: 5000 WebSocket viewers of one item on loopback, spread over two web
 * processes of the scale mode (Redis pub/sub between them), 100 danmaku a second; p99
 * delivery latency (sender's stamp to each viewer's receipt) and server memory per
 * connection, for Melon and for as many bare `ws` broadcast servers (the ceiling) in the same
 * run. Viewers live in child processes so they do not share the servers' event loops. Writes
 * the result into docs/BENCHMARKS.md.
 *   node bench/danmaku-fanout/run.ts [--viewers 5000] [--servers 2] [--rate 100] [--seconds 10]
 *                                    [--procs 4]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { migrateToLatest } from '@melon/db/migrate';
import { openDatabase } from '@melon/db/open-database';
import { sendDanmaku } from '@melon/shared/calls/danmaku.calls';
import { createIdGenerator } from '@melon/shared/ids/id';
import { ensureDefaultChannels } from '../../apps/server/src/modules/channel/ensure-default-channels.ts';
import { ensureSiteSecret } from '../../apps/server/src/security/site-secret.ts';
import { createItem, createUser } from '../../apps/server/src/testing/factories.ts';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';
import { startServer } from '../server-process.ts';
import { signInBenchUser } from '../signed-in-user.ts';
import { count, merge, quantile } from './histogram.ts';
import { sentDanmaku } from './sent-danmaku.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const viewers = numberOption('viewers', 5000);
const serverCount = numberOption('servers', 2);
const rate = numberOption('rate', 100);
const seconds = numberOption('seconds', 10);
/** Viewer processes, each connected to one server, the servers taken in turn. */
const procs = numberOption('procs', 4);
/**
 * `redis` (default): danmaku frames are published on the Redis channel both servers subscribe
 * to, so the run measures the fan-out alone; `http`: sent through each server's HTTP send call.
 */
const via = process.argv.includes('--via-http') ? 'http' : 'redis';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
if (via === 'http' && serverCount > 1) {
  // Sent through one process's HTTP call with in-process pub/sub, the others would hear nothing.
  throw new Error('--via-http measures one server: add --servers 1');
}
/** One viewer in this many measures latency; the others only read. */
const sampleEvery = numberOption('sample-every', 20);
const WARM_UP_S = 2;
/** Each sender may send one a second and 30 a minute: enough of them for the whole run. */
const SENDERS = Math.ceil(rate * 4);

const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stamp = () => (performance.timeOrigin + performance.now()).toFixed(3);

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) * 1024;
}

/** One process of a target: its pid, its gateway and its V8 heap in use. */
interface Server {
  pid: number;
  wsUrl: string;
  heap: () => Promise<number>;
}

interface Target {
  name: string;
  servers: Server[];
  topic: string;
  /** Sends the i-th danmaku; resolves with the HTTP status. */
  send: (i: number, text: string) => Promise<number>;
}

interface Outcome {
  sent: number;
  failed: number;
  /** Refused or failed sends by HTTP status (0: no answer). */
  failures: Record<number, number>;
  received: number;
  expected: number;
  closed: number;
  p50: number;
  p99: number;
  max: number;
  rssPerConnection: number;
  heapPerConnection: number;
  peakRssMb: number;
}

async function spawnViewers(target: Target) {
  const per = Math.ceil(viewers / procs);
  const list = Array.from({ length: procs }, (_, i) =>
    fork(path.join(here, 'viewers.ts'), [
      (target.servers[i % target.servers.length] as Server).wsUrl,
      target.topic,
      String(Math.min(per, viewers - i * per)),
      String(sampleEvery),
    ]),
  );
  children.push(...list);
  let closed = 0;
  const ready = list.map(
    (child) =>
      new Promise<void>((resolve, reject) => {
        child.on('message', (m: { kind: string }) => {
          if (m.kind === 'ready') resolve();
          if (m.kind === 'closed') closed += 1;
        });
        child.once('exit', (code) => {
          reject(new Error(`a viewer process exited with ${code}`));
        });
      }),
  );
  await Promise.all(ready);
  const report = () =>
    Promise.all(
      list.map(
        (child) =>
          new Promise<{ received: number; buckets: number[] }>((resolve) => {
            child.on('message', (m: { kind: string; received: number; buckets: number[] }) => {
              if (m.kind === 'report') resolve(m);
            });
            child.send({ kind: 'report' });
          }),
      ),
    );
  return {
    measure: () => {
      for (const child of list) child.send({ kind: 'measure' });
    },
    report,
    closed: () => closed,
  };
}

/** Sends at `rate` a second for `ms`, on schedule, without waiting for answers in between. */
async function drive(target: Target, ms: number, offset: number) {
  const pending: Promise<number>[] = [];
  const startAt = performance.now();
  for (let i = 0; performance.now() - startAt < ms; i++) {
    const due = startAt + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(target.send(offset + i, `t${stamp()}`).catch(() => 0));
  }
  const statuses = await Promise.all(pending);
  const failures: Record<number, number> = {};
  for (const status of statuses) if (status !== 200) failures[status] = (failures[status] ?? 0) + 1;
  const failed = Object.values(failures).reduce((a, b) => a + b, 0);
  return { sent: statuses.length, failed, failures };
}

/** The target's servers' RSS together. */
const totalRss = (target: Target) =>
  target.servers.reduce((sum, server) => sum + rssBytes(server.pid), 0);
/** The target's servers' V8 heaps in use together. */
const totalHeap = async (target: Target) =>
  (await Promise.all(target.servers.map((server) => server.heap()))).reduce((a, b) => a + b, 0);

async function measure(target: Target): Promise<Outcome> {
  await sleep(1000);
  const baseRss = totalRss(target);
  const baseHeap = await totalHeap(target);
  const load = await spawnViewers(target);
  await sleep(2000);
  const rssPerConnection = (totalRss(target) - baseRss) / viewers;
  const heapPerConnection = ((await totalHeap(target)) - baseHeap) / viewers;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, totalRss(target));
  }, 250);
  await drive(target, WARM_UP_S * 1000, 0);
  load.measure();
  const { sent, failed, failures } = await drive(target, seconds * 1000, 100_000);
  await sleep(2000);
  clearInterval(sampler);
  const reports = await load.report();
  const buckets = merge(reports.map((r) => r.buckets));
  const received = reports.reduce((a, r) => a + r.received, 0);
  const measuring = Array.from({ length: procs }, (_, i) =>
    Math.ceil(
      Math.min(Math.ceil(viewers / procs), viewers - i * Math.ceil(viewers / procs)) / sampleEvery,
    ),
  ).reduce((a, b) => a + b, 0);
  let max = 0;
  buckets.forEach((n, i) => {
    if (n > 0) max = (i + 1) / 10;
  });
  return {
    sent,
    failed,
    failures,
    received,
    expected: (sent - failed) * measuring,
    closed: load.closed(),
    p50: quantile(buckets, 0.5),
    p99: count(buckets) > 0 ? quantile(buckets, 0.99) : Number.NaN,
    max,
    rssPerConnection,
    heapPerConnection,
    peakRssMb: peakRss / 1024 / 1024,
  };
}

/** A data dir with an item, and signed-in senders whose cookies and tokens the bench holds. */
async function seedMelon(dataDir: string) {
  const newId = createIdGenerator();
  const database = openDatabase({ dataDir });
  await migrateToLatest(database.db);
  await ensureDefaultChannels(database.db);
  const secret = await ensureSiteSecret(database.db, { dataDir });
  const author = await createUser(database.db, newId);
  const item = await createItem(database.db, newId, author);
  const senders: Record<string, string>[] = [];
  for (let i = 0; i < SENDERS; i++) {
    const userId = await createUser(database.db, newId);
    senders.push({
      ...(await signInBenchUser(database.db, newId, userId, secret)),
      'content-type': 'application/json',
    });
  }
  await database.close();
  return { item, senders };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-fanout-'));
/** Melon's web processes on 3311, 3313, …; the bare servers on 3312, 3314, …. */
const melonPorts = Array.from({ length: serverCount }, (_, i) => 3311 + 2 * i);
const barePorts = melonPorts.map((port) => port + 1);
const publisher = new Redis(REDIS_URL, { lazyConnect: true });
try {
  const loadBefore = loadavg()[0] ?? 0;
  const { item, senders } = await seedMelon(dataDir);
  if (via === 'redis') await publisher.connect();
  const channel = `melon:danmaku:${item}`;
  let nextId = 1_390_000_000_000_000_000n;
  /** A frame of the shape Melon publishes for a sent danmaku, stamped in its text. */
  const publish = async (text: string) => {
    nextId += 1n;
    const data = sentDanmaku(nextId, item, 0, text);
    await publisher.publish(channel, JSON.stringify({ op: 'danmaku', data }));
    return 200;
  };
  console.log(
    `starting ${serverCount} Melon web processes (SQLite, ${via === 'redis' ? 'Redis' : 'in-process'} pub/sub)…`,
  );
  const melonChildren: ChildProcess[] = [];
  for (const port of melonPorts) {
    melonChildren.push(
      await startServer(
        {
          script: 'apps/server/src/main.ts',
          env: {
            PORT: String(port),
            MELON_DATA_DIR: dataDir,
            MELON_DEMO: '0',
            DATABASE_URL: '',
            REDIS_URL: via === 'redis' ? REDIS_URL : '',
            LOG_LEVEL: 'warn',
            // Every viewer connects from 127.0.0.1: above the per-address cap of a real site.
            MELON_MAX_SOCKETS_PER_IP: String(viewers + 100),
          },
          readyUrl: `http://127.0.0.1:${port}/readyz`,
          args: ['--role', 'web'],
        },
        children,
      ),
    );
  }
  const sendUrl = `http://127.0.0.1:${melonPorts[0] ?? 0}${sendDanmaku.path}?aid=1768&app_name=video_ixigua&format=json`;
  const melon: Target = {
    name: 'Melon `/ws`',
    servers: melonPorts.map((port, i) => ({
      pid: melonChildren[i]?.pid ?? 0,
      wsUrl: `ws://127.0.0.1:${port}/ws`,
      heap: async () => {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        return Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? Number.NaN);
      },
    })),
    topic: `danmaku:${item}`,
    send: async (i, text) => {
      if (via === 'redis') return publish(text);
      const response = await fetch(sendUrl, {
        method: 'POST',
        headers: senders[i % senders.length],
        body: JSON.stringify({ item_id: item, offset_ms: 0, text }),
      });
      await response.arrayBuffer();
      return response.status;
    },
  };
  console.log(
    `Melon: ${viewers} viewers in ${procs} processes over ${serverCount} web processes, ${rate} danmaku/s for ${seconds} s`,
  );
  const melonOutcome = await measure(melon);
  console.log(melonOutcome);
  for (const child of melonChildren) child.kill('SIGTERM');

  const bareChildren: ChildProcess[] = [];
  for (const port of barePorts) {
    bareChildren.push(
      await startServer(
        {
          script: 'bench/danmaku-fanout/bare-server.ts',
          env: { PORT: String(port), REDIS_URL, BENCH_CHANNEL: via === 'redis' ? channel : '' },
          readyUrl: `http://127.0.0.1:${port}/ready`,
        },
        children,
      ),
    );
  }
  const bare: Target = {
    name: 'bare `ws` broadcast',
    servers: barePorts.map((port, i) => ({
      pid: bareChildren[i]?.pid ?? 0,
      wsUrl: `ws://127.0.0.1:${port}/ws`,
      heap: async () => Number(await (await fetch(`http://127.0.0.1:${port}/heap`)).text()),
    })),
    topic: `danmaku:${item}`,
    send: async (_i, text) => {
      if (via === 'redis') return publish(text);
      // Without Redis each bare server broadcasts what it is sent: send to the first only.
      const response = await fetch(`http://127.0.0.1:${barePorts[0] ?? 0}/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ item_id: item, offset_ms: 0, text }),
      });
      await response.arrayBuffer();
      return response.status;
    },
  };
  console.log(`${serverCount} bare ws broadcast servers: same load`);
  const bareOutcome = await measure(bare);
  console.log(bareOutcome);
  const loadAfter = loadavg()[0] ?? 0;

  const row = (target: Target, o: Outcome) =>
    `| ${target.name} | ${o.sent - o.failed}/${o.sent} | ${((o.received / o.expected) * 100).toFixed(2)}% | ${o.closed} | ${ms(o.p50)} | ${ms(o.p99)} | ${ms(o.max)} | ${kb(o.rssPerConnection)} | ${kb(o.heapPerConnection)} | ${o.peakRssMb.toFixed(0)} MB |`;
  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)}, 2 cores shared with other work (load average ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end), loopback. ${viewers} WebSocket viewers of one item in ${procs} child processes, each connected to one of ${serverCount} server processes (taken in turn); ${rate} danmaku a second sent in ${via === 'redis' ? "as frames of the send call's shape published on the item's Redis channel, which every server process subscribes to (Melon: web processes in scale mode, as many as the deployment runs behind nginx; the ceiling: bare `ws` servers writing each message to every socket)" : `over HTTP (Melon: \`POST ${sendDanmaku.path}\` by ${SENDERS} signed-in senders, SQLite, in-process pub/sub; the ceiling: a bare \`ws\` server that broadcasts a frame of the same shape on \`POST /send\`)`}; ${WARM_UP_S} s of warm-up, then ${seconds} s measured. Latency runs from the sender's stamp before the publish or HTTP call to the receipt by every ${sampleEvery}th viewer (a full \`ws\` client parsing each frame); the other viewers read their sockets without parsing, so the load processes stay lighter than the servers. Frames delivered: the measuring viewers' share of the measured danmaku received by 2 s after the last send (a server that falls behind shows it here). Memory per connection: the server processes' RSS (and V8 heap) together after the viewers connected and subscribed, less before, over ${viewers}.`,
    '',
    '| server | danmaku accepted | frames delivered to measuring viewers | measuring viewers dropped | p50 latency | p99 latency | max latency | RSS per connection | heap per connection | peak RSS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    row(melon, melonOutcome),
    row(bare, bareOutcome),
    '',
    'The bare server writes each danmaku to each socket on its own (viewers × rate writes a second); Melon flushes a busy room at most every 20 ms with one write per viewer per flush (decision 009), which is why the naive ceiling falls behind first on a loaded machine.',
    '',
    `**Melon: p99 ${ms(melonOutcome.p99)}** (target: under 100 ms), **${kb(melonOutcome.rssPerConnection)} a connection** (target: under 30 KB). Ratio to the ceiling: p99 ${(melonOutcome.p99 / bareOutcome.p99).toFixed(2)}×, memory per connection ${(melonOutcome.rssPerConnection / bareOutcome.rssPerConnection).toFixed(2)}×.`,
  ].join('\n');
  console.log(`\n${table}\n`);
  await writeBenchmarkSection(
    'danmaku-fanout',
    `Danmaku fan-out: ${viewers} WebSocket viewers of one item across ${serverCount} web processes beside bare ws broadcasts`,
    table,
  );
} finally {
  publisher.disconnect();
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
