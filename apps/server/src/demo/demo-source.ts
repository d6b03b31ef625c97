import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { FFMPEG, FFMPEG_QUIET } from '@melon/media/presets';
import { runTool } from '@melon/media/run-tool';
import type { DemoVideoRecipe } from './demo-videos.ts';

/** Debian's fonts-noto-cjk, which `npm start` installs; without it the caption is left out. */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';

/** The drawtext filters of a caption (read from a file: no escaping of Chinese text) and a clock. */
function overlayFilters(captionFile: string): string[] {
  if (!existsSync(CJK_FONT)) return [];
  const box = 'fontcolor=white:box=1:boxcolor=black@0.55:x=(w-tw)/2';
  return [
    `drawtext=fontfile=${CJK_FONT}:textfile=${captionFile}:fontsize=h/14:${box}:boxborderw=16:y=h*0.1`,
    `drawtext=fontfile=${CJK_FONT}:text='%{pts\\:hms}':fontsize=h/18:${box}:boxborderw=10:y=h*0.8`,
  ];
}

function audioInput(recipe: DemoVideoRecipe): string[] {
  if (recipe.audio === 'none') return [];
  const source =
    recipe.audio === 'noise'
      ? 'anoisesrc=color=pink:amplitude=0.08:sample_rate=48000'
      : `sine=frequency=${recipe.audio.tone}:sample_rate=48000`;
  return ['-f', 'lavfi', '-i', source];
}

/** Writes the recipe's source video (H.264, AAC unless silent) to `file`. */
export async function generateDemoSource(
  recipe: DemoVideoRecipe,
  file: string,
  signal?: AbortSignal,
): Promise<void> {
  const captionFile = `${file}.caption.txt`;
  await writeFile(captionFile, recipe.caption);
  const picture = `${recipe.pattern.split('=')[0]}=size=${recipe.width}x${recipe.height}:rate=${recipe.fps}`;
  const options = recipe.pattern.includes('=')
    ? `:${recipe.pattern.slice(recipe.pattern.indexOf('=') + 1)}`
    : '';
  const filters = ['format=yuv420p', ...overlayFilters(captionFile)].join(',');
  const hasAudio = recipe.audio !== 'none';
  try {
    await runTool(
      FFMPEG,
      [
        ...FFMPEG_QUIET,
        ...['-f', 'lavfi', '-i', picture + options],
        ...audioInput(recipe),
        ...['-filter_complex', `[0:v]${filters}[v]`, '-map', '[v]'],
        ...(hasAudio ? ['-map', '1:a', '-c:a', 'aac', '-b:a', '128k'] : []),
        ...['-t', String(recipe.seconds)],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18'],
        file,
      ],
      { signal },
    );
  } finally {
    await rm(captionFile, { force: true });
  }
}
