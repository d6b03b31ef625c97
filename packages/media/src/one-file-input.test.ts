import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitVideo } from './admission.ts';
import { makeDerived } from './derived.ts';
import { generateClip } from './lavfi-clip.ts';
import { FFMPEG, FFMPEG_QUIET } from './presets.ts';
import { probe, type ProbeSummary } from './probe.ts';
import { runTool } from './run-tool.ts';
import { transcode } from './transcode.ts';
import { tempDir } from './testing/fixtures.ts';

/*
 * The attack of issue 11 item 1: an upload whose bytes are a playlist, a concat list or any other
 * format that opens further files or URLs, pointing at another user's source. Whatever its name,
 * ffprobe and ffmpeg read the one uploaded file as a video container or not at all.
 */

const limits = { maxBytes: 100 * 1024 * 1024, maxDurationSeconds: 3600 };
const refusal = {
  ok: false,
  code: 'unsupported_format',
  message:
    '不支持该文件格式，请上传 MP4、MOV、MKV、WebM、AVI、FLV、TS 等视频文件（播放列表、拼接列表和图片序列不能上传）',
};

let dir = '';
let remove = async () => {};
/** Another user's source, two directories up from the upload, as in the data dir. */
let victim = '';
let uploads = '';
beforeAll(async () => {
  ({ dir, remove } = await tempDir());
  victim = path.join(dir, 'sources', '7000000000000000001.mp4');
  uploads = path.join(dir, 'uploads', 'claimed');
  await mkdir(path.dirname(victim), { recursive: true });
  await mkdir(uploads, { recursive: true });
  await generateClip(victim, { width: 160, height: 90, fps: 10, seconds: 2, audio: false });
}, 60_000);
afterAll(() => remove());

/** Writes an upload's bytes under the claimed folder, two levels below the sources. */
async function upload(name: string, text: string): Promise<string> {
  const file = path.join(uploads, name);
  await writeFile(file, text);
  return file;
}

const hlsPlaylist = (segment: string) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${segment}\n#EXT-X-ENDLIST\n`;

const attacks: [string, () => string][] = [
  [
    'an HLS playlist with a relative segment',
    () => hlsPlaylist('../../sources/7000000000000000001.mp4'),
  ],
  ['an HLS playlist with an absolute segment', () => hlsPlaylist(victim)],
  ['an HLS playlist with a file: URL', () => hlsPlaylist(`file:${victim}`)],
  ['an ffconcat list', () => `ffconcat version 1.0\nfile '${victim}'\n`],
  [
    'an SDP description (opens network sockets)',
    () =>
      'v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video 5004 RTP/AVP 96\na=rtpmap:96 H264/90000\n',
  ],
];

describe('a file that opens other files is refused at admission', () => {
  it.each(attacks)('%s, named .m3u8 or nothing', async (name, text) => {
    for (const fileName of ['upload.m3u8', 'upload.mp4', 'upload']) {
      const file = await upload(fileName, text());
      expect(await admitVideo(file, limits), `${name} as ${fileName}`).toEqual(refusal);
    }
  });

  it('refuses an image2 file pattern', async () => {
    const frames = path.join(dir, 'frames');
    await mkdir(frames);
    await runTool(FFMPEG, [
      ...FFMPEG_QUIET,
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10:duration=2'],
      path.join(frames, 'f-%03d.png'),
    ]);
    expect((await readdir(frames)).length).toBeGreaterThan(10);
    expect(await admitVideo(path.join(frames, 'f-%03d.png'), limits)).toMatchObject({
      ok: false,
    });
  });
});

describe('every ffmpeg run on user media reads the one file only', () => {
  it('probe refuses the playlist', async () => {
    const file = await upload('probe.m3u8', hlsPlaylist(victim));
    await expect(probe(file)).rejects.toThrow(/whitelist/);
  });

  it('transcode and the derived files refuse the playlist and leave nothing', async () => {
    const file = await upload('transcode.m3u8', hlsPlaylist(victim));
    // Even with admission bypassed (a probe of the real file handed over), nothing is read.
    const summary: ProbeSummary = await probe(victim);
    const out = path.join(dir, 'out');
    await mkdir(out);
    await expect(
      transcode({ input: file, outputDir: path.join(out, 'package'), probe: summary }),
    ).rejects.toThrow(/whitelist/);
    await expect(
      makeDerived({ input: file, outputDir: path.join(out, 'derived'), probe: summary }),
    ).rejects.toThrow(/whitelist/);
    expect(await readdir(out)).toEqual([]);
  });

  it('still admits the real video', async () => {
    const result = await admitVideo(victim, limits);
    expect(result.ok).toBe(true);
  });
});
