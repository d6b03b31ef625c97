import { readFileSync } from 'node:fs';
import { withBilibiliMode } from '@melon/danmaku/advanced/with-bilibili-mode';
import { parseBilibiliXml } from '@melon/danmaku/bilibili-xml';
import type { Danmaku } from '@melon/danmaku/model';
import { fixturePath } from '@melon/shared/testing/fixtures';

/** Copies of the file's advanced danmaku: 20 × 267 = 5340, like a real drawn-with-danmaku pool. */
const copies = 20;
/** Copy k starts (k mod 10) × this later, so the copies overlap on screen but are not one. */
const offsetStepMs = 20;
export const latestCopyOffsetMs = 9 * offsetStepMs;

/** The advanced (mode 7) danmaku of bilibili.xml, as the engine takes them from an import. */
export function fixtureAdvanced(): Danmaku[] {
  const xml = readFileSync(fixturePath('danmaku', 'bilibili.xml'), 'utf8');
  return parseBilibiliXml(xml)
    .map((d) => withBilibiliMode(d, d.bilibiliMode))
    .filter((d) => d.advanced !== undefined);
}

/**
 * The opening of a mode-7-heavy pool: the file's advanced danmaku, then copies of them with
 * new ids and small time offsets, in that order. A load of n takes the first n.
 */
export function advancedPool(source: readonly Danmaku[]): Danmaku[] {
  return Array.from({ length: copies }, (_, k) =>
    source.map((d) => ({ ...d, id: `${d.id}-${k}`, time: d.time + (k % 10) * offsetStepMs })),
  ).flat();
}

/** From when every copy is on screen until the first one leaves. */
export function allOnScreen(source: readonly Danmaku[]) {
  return {
    from: Math.max(...source.map((d) => d.time)) + latestCopyOffsetMs,
    until: Math.min(...source.map((d) => d.time + (d.advanced?.lifetime ?? 0))),
  };
}
