import { normalizeText } from '../search-index/text-analysis.ts';

/**
 * The form a word is blocked and compared in: the index's normalising (full-width to half-width,
 * lower case, traditional to simplified), spaces dropped: '翻 墙', '翻牆' and '翻墙' are one word,
 * and so are 'ＶＰＮ' and 'vpn'.
 */
export const blockedForm = (word: string): string => normalizeText(word).replace(/\s+/gu, '');

/**
 * Whether a hot word must not show: it holds one of the blocked words (decision 065), so a
 * blocked phrase cannot come back wrapped in other words.
 */
export function isBlockedBy(blocked: readonly string[]): (word: string) => boolean {
  return (word) => {
    const form = blockedForm(word);
    return blocked.some((entry) => form.includes(entry));
  };
}
