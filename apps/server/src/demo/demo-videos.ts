/**
 * The demo site's videos: ffmpeg lavfi sources, so the project ships no media. Each recipe is
 * generated, transcoded and cached once; every demo item plays one of them.
 */
export interface DemoVideoRecipe {
  /** Names the cache entry: change it whenever the recipe changes. */
  key: string;
  /** A lavfi video source and its options, without size and rate. */
  pattern: string;
  width: number;
  height: number;
  fps: number;
  seconds: number;
  /** A tone beside the picture (Hz), pink noise, or a silent video without an audio track. */
  audio: { tone: number } | 'noise' | 'none';
  /** Drawn over the picture with the running time, in the CJK font when it is installed. */
  caption: string;
}

export const DEMO_VIDEO_RECIPES = [
  {
    key: 'testsrc2-720p-v1',
    pattern: 'testsrc2',
    width: 1280,
    height: 720,
    fps: 30,
    seconds: 30,
    audio: { tone: 440 },
    caption: '甜瓜视频 · 演示片段',
  },
  {
    key: 'gradients-720p-v1',
    pattern: 'gradients=speed=0.015:nb_colors=4',
    width: 1280,
    height: 720,
    fps: 30,
    seconds: 24,
    audio: { tone: 523 },
    caption: '晚霞渐变 · 放松一下',
  },
  {
    key: 'mandelbrot-480p-v1',
    pattern: 'mandelbrot=maxiter=300',
    width: 854,
    height: 480,
    fps: 30,
    seconds: 30,
    audio: 'noise',
    caption: '分形之美 · 曼德博集合',
  },
  {
    key: 'life-360p-silent-v1',
    pattern: 'life=mold=10:ratio=0.12:death_color=#C83232:life_color=#00D084',
    width: 640,
    height: 360,
    fps: 25,
    seconds: 36,
    audio: 'none',
    caption: '生命游戏 · 无声',
  },
  {
    key: 'smptehdbars-1080p-v1',
    pattern: 'smptehdbars',
    width: 1920,
    height: 1080,
    fps: 25,
    seconds: 16,
    audio: { tone: 1000 },
    caption: '彩条测试 · 1080P',
  },
  {
    key: 'testsrc2-120fps-v1',
    pattern: 'testsrc2',
    width: 640,
    height: 360,
    fps: 120,
    seconds: 10,
    audio: { tone: 660 },
    caption: '高帧率 120FPS',
  },
  {
    key: 'cellauto-long-v1',
    pattern: 'cellauto=rule=110:scroll=1',
    width: 640,
    height: 360,
    fps: 25,
    seconds: 300,
    audio: { tone: 220 },
    caption: '长视频 · 元胞自动机',
  },
  {
    key: 'episode-480p-v1',
    pattern: 'testsrc2',
    width: 854,
    height: 480,
    fps: 25,
    seconds: 90,
    audio: { tone: 392 },
    caption: '剧集演示 · 片头片尾可跳过',
  },
  {
    // A members-only episode long enough for the 6-minute preview (decision 047); bars and a
    // clock at 15 fps in 360p keep its one-off transcode short.
    key: 'vip-episode-360p-v1',
    pattern: 'smptebars',
    width: 640,
    height: 360,
    fps: 15,
    seconds: 390,
    audio: { tone: 330 },
    caption: '会员剧集 · 试看6分钟',
  },
] as const satisfies readonly DemoVideoRecipe[];

export type DemoVideoKey = (typeof DEMO_VIDEO_RECIPES)[number]['key'];

/** The recipes by key, in the catalogue's order (tests pass tiny ones under the same keys). */
export type DemoVideoRecipes = ReadonlyMap<DemoVideoKey, DemoVideoRecipe>;
export const DEMO_RECIPES_BY_KEY: DemoVideoRecipes = new Map(
  DEMO_VIDEO_RECIPES.map((recipe) => [recipe.key, recipe]),
);

/** Album episodes play this recipe; its opening and ending marks, in ms. */
export const EPISODE_RECIPE: DemoVideoKey = 'episode-480p-v1';
export const EPISODE_OPENING_MS = 10_000;
export const EPISODE_ENDING_MS = 80_000;
/** The demo cinema's members-only episode of about 6½ minutes. */
export const VIP_EPISODE_RECIPE: DemoVideoKey = 'vip-episode-360p-v1';

/** Short videos cycle through these; one item per channel gets the long or the 120 fps one. */
export const SHORT_RECIPES: readonly DemoVideoKey[] = [
  'testsrc2-720p-v1',
  'gradients-720p-v1',
  'mandelbrot-480p-v1',
  'life-360p-silent-v1',
  'smptehdbars-1080p-v1',
];
export const LONG_RECIPE: DemoVideoKey = 'cellauto-long-v1';
export const HIGH_FRAME_RATE_RECIPE: DemoVideoKey = 'testsrc2-120fps-v1';
