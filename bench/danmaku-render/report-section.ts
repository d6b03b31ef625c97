import { readFileSync } from 'node:fs';
import { latestCopyOffsetMs } from './advanced-pool.ts';
import { budgetMs, type CapacitySearch } from './capacity-search.ts';
import { desktop, phone } from './conditions.ts';

export interface RenderFigures {
  readonly chromium: string;
  /** Load average (1 min) when the run started and when it ended. */
  readonly load: readonly [number, number];
  readonly texts: number;
  readonly duration: number;
  readonly measureMs: number;
  readonly desktop: readonly [CapacitySearch, CapacitySearch];
  readonly phone: readonly [CapacitySearch, CapacitySearch];
  readonly advanced: CapacitySearch;
  /** The advanced danmaku of bilibili.xml, before copies. */
  readonly advancedSource: number;
  readonly advancedMeasureMs: number;
}

const danmakuVersion = (
  JSON.parse(
    readFileSync(new URL('../../node_modules/danmaku/package.json', import.meta.url), 'utf8'),
  ) as { version: string }
).version;

const onScreen = (s: CapacitySearch) => s.held?.result.medianOnScreen ?? 0;
const ms = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(1)} ms`);
const median = (s: CapacitySearch) => ms(s.held?.result.medianFrameMs);
const p90 = (s: CapacitySearch) => ms(s.held?.result.p90FrameMs);
const missed = (s: CapacitySearch) => (s.missed === 0 ? 'none' : String(s.missed));

function ratio(melon: CapacitySearch, peer: CapacitySearch): string {
  const value = onScreen(peer) > 0 ? onScreen(melon) / onScreen(peer) : Number.POSITIVE_INFINITY;
  return `${value.toFixed(2)}×`;
}

function engineRows(run: string, [melon, peer]: readonly [CapacitySearch, CapacitySearch]) {
  return [
    `| ${run} | Melon \`@melon/danmaku\` (canvas) | ${onScreen(melon)} | ${median(melon)} | ${p90(melon)} | ${missed(melon)} |`,
    `| ${run} | \`danmaku\` ${danmakuVersion} (canvas engine) | ${onScreen(peer)} | ${median(peer)} | ${p90(peer)} | ${missed(peer)} |`,
  ];
}

/** The danmaku-render section of docs/BENCHMARKS.md. */
export function reportSection(f: RenderFigures): string {
  const [melon, peer] = f.desktop;
  const advanced = f.advanced;
  const pool = advanced.most ?? 0;
  const held = advanced.held?.load ?? 0;
  return [
    `Run on ${new Date().toISOString().slice(0, 10)} in headless Chromium ${f.chromium} (\`--disable-gpu\`, software canvas), 2 cores shared with other work (load average ${f.load[0].toFixed(1)} at the start, ${f.load[1].toFixed(1)} at the end). **A load holds when the 90th percentile of its frame times is at most ${budgetMs} ms** (frames come every 16.7 ms, so at most one in ten may miss its turn), the same rule for both engines; the median is reported beside it.`,
    '',
    `Both engines draw the same comments: the ${f.texts} texts of \`bilibili.xml\` on one line each (the \`danmaku\` package draws a single line), repeated, bold, the file's colours, outlined; all scrolling, each crossing in ${f.duration / 1000} s, neither dropping any. After ${(f.duration + 1000) / 1000} s to fill the screen, ${f.measureMs / 1000} s are measured; the load doubles until a load misses, then the gap is halved down to 5%. The two engines take turns, and a load that misses gets a second try (on a shared machine, other work only ever slows a trial down). Desktop: a ${desktop.stage.width}×${desktop.stage.height} player at device pixel ratio ${desktop.deviceScaleFactor}, ${desktop.fontPx} px text. Phone: a ${phone.viewport.width}×${phone.viewport.height} screen at device pixel ratio ${phone.deviceScaleFactor} (mobile, touch), the player across it at ${phone.stage.width}×${phone.stage.height}, ${phone.fontPx} px text (the web app's size on a ${phone.stage.width} px player), Chromium's CPU throttling at ${phone.cpuSlowdown}× (CDP \`Emulation.setCPUThrottlingRate\`) for both engines.`,
    '',
    '| run | engine | most comments on screen at once | median frame time there | p90 frame time there | smallest load that missed |',
    '|---|---|---:|---:|---:|---:|',
    ...engineRows('desktop', f.desktop),
    ...engineRows('phone', f.phone),
    '',
    `**Ratio: ${ratio(melon, peer)}** the \`danmaku\` package on the desktop (target: at least 2×), **${ratio(...f.phone)}** on the phone.`,
    '',
    `### Advanced (mode 7) danmaku`,
    '',
    `The opening seconds of a pool drawn with danmaku: the ${f.advancedSource} advanced danmaku of \`bilibili.xml\` (a picture in █ blocks and full-width spaces), then copies of them with new ids, each copy 0–${latestCopyOffsetMs} ms later, up to ${pool}; a load of n takes the first n. Melon draws them as positioned danmaku on the desktop player (${desktop.stage.width}×${desktop.stage.height}); once all have entered, ${f.advancedMeasureMs / 1000} s are measured, under the same p90 rule. The \`danmaku\` package has no mode 7, so the peer is Melon's own plain-scrolling capacity on the same player, from the run above.`,
    '',
    '| what Melon draws | most at once that hold | median frame time there | p90 frame time there | smallest load that missed |',
    '|---|---:|---:|---:|---:|',
    `| advanced danmaku (mode 7) | ${held === pool ? `${held} (the whole pool)` : held} | ${median(advanced)} | ${p90(advanced)} | ${missed(advanced)} |`,
    `| plain scrolling danmaku (peer) | ${onScreen(melon)} | ${median(melon)} | ${p90(melon)} | ${missed(melon)} |`,
  ].join('\n');
}
