import { white } from '../colour.ts';
import type { Danmaku } from '../model.ts';
import type { DanmakuSettings } from './settings.ts';
import { compileShieldWords } from './shield.ts';

export type FilterSettings = Pick<
  DanmakuSettings,
  | 'blockedModes'
  | 'blockColoured'
  | 'blockAdvanced'
  | 'blockedColours'
  | 'shieldWords'
  | 'mergeDuplicates'
  | 'mergeWindowMs'
>;

/** What the viewer sees: comments sorted by time, and how many copies each one stands for. */
export interface Visible {
  readonly list: readonly Danmaku[];
  readonly copies: ReadonlyMap<string, number>;
}

/**
 * Whether the viewer's blocks and shield words let a comment through; their own always pass,
 * one never drawn never does. An advanced danmaku answers to 高级弹幕 instead of its mode, and
 * shield words see its words, not its JSON.
 */
export function createBlockFilter(settings: FilterSettings): (danmaku: Danmaku) => boolean {
  const shielded = compileShieldWords(settings.shieldWords);
  const modes = new Set(settings.blockedModes);
  const colours = new Set(settings.blockedColours);
  return (d) => {
    if (d.neverDrawn) return false;
    if (d.own) return true;
    const kindBlocked = d.advanced ? settings.blockAdvanced : modes.has(d.mode);
    return !(
      kindBlocked ||
      colours.has(d.colour) ||
      (settings.blockColoured && d.colour !== white) ||
      shielded(d.advanced?.text ?? d.text)
    );
  };
}

/** Case, surrounding and repeated whitespace do not make a comment different. */
export function duplicateKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Copies of a comment within `windowMs` of the first one shown are folded into it. The
 * viewer's own comments are never folded, nor used to fold others.
 */
export function mergeDuplicates(sorted: readonly Danmaku[], windowMs: number): Visible {
  const list: Danmaku[] = [];
  const copies = new Map<string, number>();
  const shown = new Map<string, Danmaku>();
  for (const d of sorted) {
    if (d.own) {
      list.push(d);
      continue;
    }
    const key = duplicateKey(d.text);
    const first = shown.get(key);
    if (first && d.time - first.time <= windowMs) {
      copies.set(first.id, (copies.get(first.id) ?? 1) + 1);
    } else {
      shown.set(key, d);
      list.push(d);
    }
  }
  return { list, copies };
}

export function selectVisible(sorted: readonly Danmaku[], settings: FilterSettings): Visible {
  const passes = createBlockFilter(settings);
  const list = sorted.filter(passes);
  return settings.mergeDuplicates
    ? mergeDuplicates(list, settings.mergeWindowMs)
    : { list, copies: new Map() };
}
