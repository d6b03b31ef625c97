import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG, FFMPEG_QUIET, FFPROBE } from './presets.ts';
import { MediaToolDeadlineError, MediaToolStalledError, runTool } from './run-tool.ts';
import { tempDir } from './testing/fixtures.ts';

/*
 * Issue 11 item 3: a tool that hangs is killed. A named pipe nobody writes to makes ffprobe and
 * ffmpeg block for ever on their first read, as a stuck disk or a pathological file would.
 */

let dir = '';
let remove = async () => {};
let fifo = '';
beforeAll(async () => {
  ({ dir, remove } = await tempDir());
  fifo = path.join(dir, 'never-written');
  execFileSync('mkfifo', [fifo]);
});
afterAll(() => remove());

describe('runTool deadlines', () => {
  it('kills a tool past its deadline', async () => {
    const run = runTool(FFPROBE, ['-v', 'error', '-show_format', fifo], { timeoutMs: 300 });
    await expect(run).rejects.toBeInstanceOf(MediaToolDeadlineError);
    await expect(run).rejects.toThrow('ffprobe was stopped after its deadline of 300 ms');
  });

  it('kills ffmpeg when its -progress output shows no progress for the stall time', async () => {
    const run = runTool(
      FFMPEG,
      [...FFMPEG_QUIET, '-progress', 'pipe:1', '-nostats', '-i', fifo, '-f', 'null', '-'],
      { timeoutMs: 600_000, stallMs: 300 },
    );
    await expect(run).rejects.toBeInstanceOf(MediaToolStalledError);
  });

  it('lets a run that keeps progressing go on past the stall time', async () => {
    // Read at its native rate (-re): about 3 s of progress reports every half second.
    const { stdout } = await runTool(
      FFMPEG,
      [
        ...FFMPEG_QUIET,
        ...['-progress', 'pipe:1', '-nostats', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=64x36:rate=10:duration=3'],
        ...['-f', 'null', '-'],
      ],
      { timeoutMs: 600_000, stallMs: 2000, onStdoutLine: () => undefined },
    );
    expect(stdout).toBe('');
  });
});
