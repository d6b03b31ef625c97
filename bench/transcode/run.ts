/**
 * bench/transcode: the one-decode ladder (packages/media `transcode`, one ffmpeg process whose
 * single decode feeds every rung) against one ffmpeg process per rendition with the same x264
 * preset and settings, on the same generated source, in the same run. Writes the result into
 * docs/BENCHMARKS.md.
 *   node bench/transcode/run.ts [--rounds 5] [--seconds 20]
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { planLadder, type Rung } from '@melon/media/ladder';
import { generateClip } from '@melon/media/lavfi-clip';
import { INIT_SEGMENT_TEMPLATE, MEDIA_SEGMENT_TEMPLATE } from '@melon/media/package-layout';
import {
  FFMPEG,
  FFMPEG_QUIET,
  SEGMENT_SECONDS,
  X264_PRESET,
  aacStreamArgs,
  x264StreamArgs,
} from '@melon/media/presets';
import { probe, type ProbeSummary } from '@melon/media/probe';
import { runTool } from '@melon/media/run-tool';
import { transcode } from '@melon/media/transcode';
import { writeBenchmarkSection } from '../report.ts';
import { numberOption } from '../cli-options.ts';

const rounds = numberOption('rounds', 5);
const seconds = numberOption('seconds', 20);
/** A phone camera's 1080p30 H.264 bitrate: what an upload typically is. */
const sourceBitrate = 16_000_000;

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** CPU seconds (user + system) of this process's finished children, from /proc/self/stat. */
async function childCpuSeconds(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5), cutime and cstime; the slice starts at field 3.
  return (Number(fields[13]) + Number(fields[14])) / clockTicks;
}

interface Measure {
  wall: number;
  cpu: number;
}

async function measure(run: () => Promise<unknown>): Promise<Measure> {
  const cpuBefore = await childCpuSeconds();
  const start = performance.now();
  await run();
  return { wall: (performance.now() - start) / 1000, cpu: (await childCpuSeconds()) - cpuBefore };
}

/** The same packaging as the ladder, for one rendition: a DASH muxer output of its own. */
function dashOutput(dir: string): string[] {
  return [
    ...['-f', 'dash', '-dash_segment_type', 'mp4', '-seg_duration', String(SEGMENT_SECONDS)],
    ...['-init_seg_name', INIT_SEGMENT_TEMPLATE, '-media_seg_name', MEDIA_SEGMENT_TEMPLATE],
    ...['-hls_playlist', '1', path.join(dir, 'manifest.mpd')],
  ];
}

/** The peer: each rendition in its own ffmpeg process, each decoding the whole source. */
async function perRendition(input: string, source: ProbeSummary, rungs: Rung[], dir: string) {
  const dar = `${rungs.at(-1)?.width ?? 0}/${rungs.at(-1)?.height ?? 0}`;
  for (const [index, rung] of rungs.entries()) {
    const out = path.join(dir, `rung-${index}`);
    await mkdir(out);
    const filters = ['format=yuv420p', `scale=${rung.width}:${rung.height}`];
    filters.push(`setdar=${dar}:max=100000`);
    await runTool(FFMPEG, [
      ...FFMPEG_QUIET,
      ...['-i', input, '-map', `0:${source.video?.index ?? 0}`, '-vf', filters.join(',')],
      ...['-map_metadata', '-1', ...x264StreamArgs(0, rung), ...dashOutput(out)],
    ]);
  }
  if (source.audio) {
    const out = path.join(dir, 'audio');
    await mkdir(out);
    await runTool(FFMPEG, [
      ...FFMPEG_QUIET,
      ...['-i', input, '-map', `0:${source.audio.index}`, '-map_metadata', '-1'],
      ...aacStreamArgs(),
      ...dashOutput(out),
    ]);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const work = await mkdtemp(path.join(tmpdir(), 'melon-bench-transcode-'));
try {
  const input = path.join(work, 'source.mp4');
  console.log(`generating a ${seconds} s 1080p30 source with audio…`);
  await generateClip(input, {
    width: 1920,
    height: 1080,
    fps: 30,
    seconds,
    audio: true,
    videoBitrate: sourceBitrate,
    preset: 'veryfast',
  });
  const source = await probe(input);
  const loadAtStart = loadavg()[0]?.toFixed(1) ?? '?';
  const rungs = planLadder({ width: 1920, height: 1080, fps: 30 });

  const oneDecode: Measure[] = [];
  const separate: Measure[] = [];
  for (let round = 0; round < rounds; round += 1) {
    // Alternate which goes first so drift in the machine's load does not favour either.
    const order = round % 2 === 0 ? ['one', 'per'] : ['per', 'one'];
    for (const which of order) {
      const dir = path.join(work, `${which}-${round}`);
      if (which === 'one') {
        oneDecode.push(await measure(() => transcode({ input, outputDir: dir, probe: source })));
      } else {
        await mkdir(dir);
        separate.push(await measure(() => perRendition(input, source, rungs, dir)));
      }
      await rm(dir, { recursive: true, force: true });
      console.log(`round ${round + 1}: ${which} done`);
    }
  }

  // Each round's two runs are neighbours in time: the ratio of the pair is what drift affects
  // least on a shared machine, so the headline is the median of the per-round ratios.
  const pairs = oneDecode.map((one, round) => ({ one, per: separate[round] ?? one }));
  const wallRatio = median(pairs.map(({ one, per }) => per.wall / one.wall));
  const cpuRatio = median(pairs.map(({ one, per }) => per.cpu / one.cpu));
  const cell = (values: number[]) =>
    `${median(values).toFixed(1)} (${values.map((value) => value.toFixed(1)).join(', ')})`;
  const ladder = rungs.map((rung) => `${rung.definition} ${rung.width}×${rung.height}`).join(', ');
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores shared with other work (load average ${loadAtStart} at the start, ${load} at the end), ffmpeg ${ffmpegVersion()}, x264 preset \`${X264_PRESET}\` for every rendition. Source: ${seconds} s of 1080p30 testsrc2 with a sine tone, H.264 at ${sourceBitrate / 1e6} Mb/s (a phone camera's rate) with AAC. Ladder: ${ladder}, and the AAC audio; CMAF segments of ${SEGMENT_SECONDS} s with DASH and HLS manifests. ${rounds} rounds, the two approaches taking turns to go first; the one-per-rendition processes run one after another.`,
    '',
    '| approach | wall time (s): median (runs) | CPU time (s): median (runs) |',
    '|---|---:|---:|',
    `| one ffmpeg, a single decode feeding every rung (\`transcode\`) | ${cell(oneDecode.map((m) => m.wall))} | ${cell(oneDecode.map((m) => m.cpu))} |`,
    `| one ffmpeg per rendition (${rungs.length + (source.audio ? 1 : 0)} processes, each decoding the source) | ${cell(separate.map((m) => m.wall))} | ${cell(separate.map((m) => m.cpu))} |`,
    '',
    'Both do the same x264 work; the one-decode run saves the other decodes of the source, and its filter graph converts the pixel format once and scales each rung from the next larger one instead of from 1080p each time.',
    '',
    `**Ratio: ${wallRatio.toFixed(2)}×** faster with the one-decode ladder, median of the per-round wall-time ratios (target: at least 1.5×); CPU time ratio ${cpuRatio.toFixed(2)}×.`,
  ].join('\n');
  console.log(`\n${table}\n`);
  await writeBenchmarkSection(
    'transcode',
    'Transcoding: one-decode ladder against one ffmpeg per rendition',
    table,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}

function ffmpegVersion(): string {
  const banner = execFileSync(FFMPEG, ['-version'], { encoding: 'utf8' });
  return /ffmpeg version (\S+)/.exec(banner)?.[1] ?? 'unknown';
}
