import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_QUALITY } from './covers.ts';
import { STALL_MS, STORYBOARD_SECONDS_PER_SECOND, wholeVideoDeadlineMs } from './deadlines.ts';
import { FFMPEG, FFMPEG_QUIET } from './presets.ts';
import { oneFileInput } from './one-file-input.ts';
import { runTool } from './run-tool.ts';

/** Thumbnails fit inside this box; sheets hold a grid of COLUMNS × COLUMNS of them. */
export const STORYBOARD_TILE = { width: 160, height: 90 } as const;
export const STORYBOARD_COLUMNS = 10;
export const STORYBOARD_INDEX = 'storyboard.json';
export const STORYBOARD_VTT = 'storyboard.vtt';
const MIN_INTERVAL_SECONDS = 2;
const MAX_THUMBNAILS = 300;

export interface Storyboard {
  /** Seconds between thumbnails: thumbnail i shows the picture at i × interval. */
  interval: number;
  width: number;
  height: number;
  columns: number;
  count: number;
  /** Sheet file names, in order, thumbnails row by row. */
  sheets: string[];
  /** File names of the JSON index and of the WebVTT thumbnails track (`sheet.jpg#xywh=x,y,w,h`). */
  index: string;
  vtt: string;
}

/** Every 2 s, sparser for long videos so that there are at most 300 thumbnails (three sheets). */
export function storyboardInterval(duration: number): number {
  return Math.max(MIN_INTERVAL_SECONDS, Math.ceil(duration / MAX_THUMBNAILS));
}

/**
 * Seek-preview sprites: ffmpeg picks the first frame at or after each multiple of the interval
 * (counted from the first frame, so there is no drift), sharp lays them out in sheets, and two
 * small indexes say where each thumbnail is: storyboard.json and storyboard.vtt.
 */
export async function makeStoryboard(
  input: string,
  dir: string,
  options: { duration: number; interval?: number; signal?: AbortSignal },
): Promise<Storyboard> {
  const interval = options.interval ?? storyboardInterval(options.duration);
  const scratch = path.join(dir, 'storyboard-frames');
  await mkdir(scratch, { recursive: true });
  const { width: boxWidth, height: boxHeight } = STORYBOARD_TILE;
  await runTool(
    FFMPEG,
    [
      ...FFMPEG_QUIET,
      ...['-progress', 'pipe:1', '-nostats'],
      ...oneFileInput(input),
      ...['-map', '0:V:0', '-an'],
      '-vf',
      [
        'setpts=PTS-STARTPTS',
        `select='gte(t,selected_n*${interval})'`,
        `scale=w='min(${boxWidth},iw)':h='min(${boxHeight},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
        'setsar=1',
      ].join(','),
      ...['-fps_mode', 'vfr', path.join(scratch, 'frame-%05d.png')],
    ],
    {
      signal: options.signal,
      timeoutMs: wholeVideoDeadlineMs(options.duration, STORYBOARD_SECONDS_PER_SECOND),
      stallMs: STALL_MS,
    },
  );
  const frames = (await readdir(scratch)).sort().map((name) => path.join(scratch, name));
  const first = frames[0];
  if (!first) throw new Error(`no storyboard frames from ${input}`);
  const { width, height } = await sharp(first).metadata();

  const perSheet = STORYBOARD_COLUMNS * STORYBOARD_COLUMNS;
  const sheets: string[] = [];
  const cues: string[] = ['WEBVTT', ''];
  for (let start = 0; start < frames.length; start += perSheet) {
    const batch = frames.slice(start, start + perSheet);
    const name = `storyboard-${String(sheets.length + 1).padStart(3, '0')}.jpg`;
    const rows = Math.ceil(batch.length / STORYBOARD_COLUMNS);
    const columns = Math.min(batch.length, STORYBOARD_COLUMNS);
    const tiles = batch.map((file, index) => ({
      input: file,
      left: (index % STORYBOARD_COLUMNS) * width,
      top: Math.floor(index / STORYBOARD_COLUMNS) * height,
    }));
    await sharp({
      create: {
        width: columns * width,
        height: rows * height,
        channels: 3,
        background: '#000',
      },
    })
      .composite(tiles)
      .jpeg({ quality: IMAGE_QUALITY, mozjpeg: true })
      .toFile(path.join(dir, name));
    tiles.forEach((tile, index) => {
      const number = start + index;
      const from = number * interval;
      const to = Math.min(from + interval, options.duration);
      cues.push(
        `${vttTime(from)} --> ${vttTime(to)}`,
        `${name}#xywh=${tile.left},${tile.top},${width},${height}`,
        '',
      );
    });
    sheets.push(name);
  }
  await rm(scratch, { recursive: true, force: true });

  const summary = { interval, width, height, columns: STORYBOARD_COLUMNS, count: frames.length };
  await writeFile(path.join(dir, STORYBOARD_INDEX), JSON.stringify({ ...summary, sheets }));
  await writeFile(path.join(dir, STORYBOARD_VTT), cues.join('\n'));
  return { ...summary, sheets, index: STORYBOARD_INDEX, vtt: STORYBOARD_VTT };
}

/** WebVTT's hh:mm:ss.mmm. */
export function vttTime(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const rest = ((millis % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${rest}`;
}
