/**
 * One load process of bench/danmaku-fanout: opens `count` WebSocket viewers of one topic, one in
 * `sampleEvery` a full `ws` client that measures, for every danmaku it receives, the time since
 * the sender stamped it, the others drain viewers (drain-viewer.ts). Driven over IPC by run.ts:
 * `measure` starts recording, `report` answers the histogram.
 *   node viewers.ts <ws url> <topic> <count> <sampleEvery>
 */
import { WebSocket } from 'ws';
import { openDrainViewer } from './drain-viewer.ts';
import { createHistogram, type Histogram } from './histogram.ts';

const [url = '', topic = '', countArg = '0', sampleArg = '1'] = process.argv.slice(2);
const count = Number(countArg);
const sampleEvery = Number(sampleArg);
const CONNECT_BATCH = 50;
const now = () => performance.timeOrigin + performance.now();
const STAMP = Buffer.from('"text":"t');

let measuring = false;
/** Frames stamped before `measure` (the warm-up's, late under load) are not the run's. */
let measureFrom = Number.POSITIVE_INFINITY;
let received = 0;
let histogram: Histogram = createHistogram();
const sockets: { terminate: () => void }[] = [];

function onMessage(data: Buffer): void {
  // The sender's stamp is the text itself: `t<ms since epoch>`; no full parse on the hot path.
  const at = data.indexOf(STAMP);
  if (at === -1 || !measuring) return;
  const start = at + STAMP.length;
  const end = data.indexOf(34, start); // the closing quote
  const sentAt = Number(data.toString('latin1', start, end));
  if (sentAt < measureFrom) return;
  received += 1;
  histogram.record(now() - sentAt);
}

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ op: 'sub', topic }));
    });
    const onAck = (data: Buffer) => {
      if (!data.includes('"op":"subscribed"')) return;
      socket.off('message', onAck);
      socket.on('message', onMessage);
      resolve();
    };
    socket.on('message', onAck);
    socket.on('close', (code) => {
      if (measuring) process.send?.({ kind: 'closed', code });
    });
    sockets.push(socket);
  });
}

async function openDrain(): Promise<void> {
  const viewer = await openDrainViewer(url, topic);
  sockets.push({ terminate: viewer.close });
}

for (let i = 0; i < count; i += CONNECT_BATCH) {
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_BATCH, count - i) }, (_, j) =>
      (i + j) % sampleEvery === 0 ? open() : openDrain(),
    ),
  );
}
process.send?.({ kind: 'ready' });

process.on('message', (message: { kind: string }) => {
  if (message.kind === 'measure') {
    histogram = createHistogram();
    received = 0;
    measureFrom = now();
    measuring = true;
  } else if (message.kind === 'report') {
    measuring = false;
    process.send?.({ kind: 'report', received, buckets: Array.from(histogram.buckets) }, () => {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    });
  }
});
