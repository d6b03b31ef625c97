import path from 'node:path';
import { FFPROBE } from '../presets.ts';
import { runTool } from '../run-tool.ts';

/** The files and playing time of one representation, as a manifest lists them. */
export interface ListedRepresentation {
  init: string;
  media: string[];
  seconds: number;
}

/** Expands each Representation's SegmentTemplate and SegmentTimeline of a DASH manifest. */
export function dashRepresentations(mpd: string): Map<number, ListedRepresentation> {
  const result = new Map<number, ListedRepresentation>();
  const blocks = mpd.split('<Representation ').slice(1);
  for (const block of blocks) {
    const id = Number(attribute(block, 'id'));
    const timescale = Number(attribute(block, 'timescale'));
    const media = attribute(block, 'media');
    let number = Number(attribute(block, 'startNumber'));
    const names: string[] = [];
    let ticks = 0;
    for (const match of block.matchAll(/<S (?:t="\d+" )?d="(\d+)"(?: r="(\d+)")? \/>/g)) {
      const repeat = Number(match[2] ?? 0);
      for (let index = 0; index <= repeat; index += 1) {
        ticks += Number(match[1]);
        names.push(
          media
            .replace('$RepresentationID$', String(id))
            .replace('$Number%05d$', String(number).padStart(5, '0')),
        );
        number += 1;
      }
    }
    const init = attribute(block, 'initialization').replace('$RepresentationID$', String(id));
    result.set(id, { init, media: names, seconds: ticks / timescale });
  }
  return result;
}

/** The init segment, media segments and summed EXTINF of an HLS media playlist. */
export function hlsRepresentation(playlist: string): ListedRepresentation {
  const lines = playlist.split('\n').map((line) => line.trim());
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1] ?? '';
  const media = lines.filter((line) => line !== '' && !line.startsWith('#'));
  const seconds = lines
    .filter((line) => line.startsWith('#EXTINF:'))
    .reduce((sum, line) => sum + Number.parseFloat(line.slice('#EXTINF:'.length)), 0);
  return { init, media, seconds };
}

/** The representation's segments joined back into one file, for ffprobe (concat protocol). */
export function joined(dir: string, listed: ListedRepresentation): string {
  return `concat:${[listed.init, ...listed.media].map((name) => path.join(dir, name)).join('|')}`;
}

export interface StreamFacts {
  codec: string;
  width: number;
  height: number;
  fps: number;
  duration: number;
  sampleRate: number;
}

export async function streamFacts(input: string): Promise<StreamFacts> {
  const { stdout } = await runTool(FFPROBE, [
    ...['-v', 'error', '-print_format', 'json', '-show_format'],
    ...['-show_entries', 'stream=codec_name,width,height,r_frame_rate,sample_rate', input],
  ]);
  const output = JSON.parse(stdout) as {
    streams: {
      codec_name: string;
      width?: number;
      height?: number;
      r_frame_rate: string;
      sample_rate?: string;
    }[];
    format: { duration: string };
  };
  const stream = output.streams[0];
  const [numerator = '0', denominator = '1'] = (stream?.r_frame_rate ?? '0/1').split('/');
  return {
    codec: stream?.codec_name ?? '',
    width: stream?.width ?? 0,
    height: stream?.height ?? 0,
    fps: Number(numerator) / Number(denominator),
    duration: Number(output.format.duration),
    sampleRate: Number(stream?.sample_rate ?? 0),
  };
}

/** Presentation times of the keyframes of the first video stream, in seconds. */
export async function keyframeTimes(input: string): Promise<number[]> {
  const { stdout } = await runTool(FFPROBE, [
    ...['-v', 'error', '-select_streams', 'v:0'],
    ...['-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', input],
  ]);
  return stdout
    .split('\n')
    .filter((line) => line.split(',')[1]?.startsWith('K'))
    .map((line) => Number(line.split(',')[0]))
    .sort((a, b) => a - b);
}

function attribute(block: string, name: string): string {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(block)?.[1] ?? '';
}
