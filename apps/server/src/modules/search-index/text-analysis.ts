import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { Converter } from 'opencc-js';
import { pinyin } from 'pinyin-pro';

/*
 * The text analysis of the search index (decision 035): one normal form for documents and
 * queries (full-width to half-width, lower case, traditional to simplified), jieba's search-mode
 * words, and the pinyin of Chinese words. The dictionaries load once per process, on first use.
 */

let jieba: Jieba | undefined;
const segmenter = (): Jieba => (jieba ??= Jieba.withDict(dict));

type Convert = (text: string) => string;
/**
 * opencc-js's own declarations import './core' without an extension, which NodeNext cannot
 * resolve, so their types are lost: the converter's shape is restated here.
 */
const converter = Converter as unknown as (options: { from: string; to: string }) => Convert;

let toSimplified: Convert | undefined;
/** Taiwan and Hong Kong forms alike become mainland simplified characters. */
function simplified(text: string): string {
  if (toSimplified === undefined) {
    const fromTaiwan = converter({ from: 'tw', to: 'cn' });
    const fromHongKong = converter({ from: 'hk', to: 'cn' });
    toSimplified = (value) => fromHongKong(fromTaiwan(value));
  }
  return toSimplified(text);
}

/** Full-width forms to half-width (NFKC), lower case, simplified characters. */
export function normalizeText(text: string): string {
  return simplified(text.normalize('NFKC').toLowerCase());
}

/**
 * The Chinese characters the index keeps: the ideographs both engines read as one token
 * character (SQLite's unicode61 tokenizer knows Unicode 6.1), with 々 and 〇. Anything else
 * separates tokens, so a token never holds a character an engine would split or drop.
 */
const HAN =
  '\\u3005\\u3007\\u3400-\\u4db5\\u4e00-\\u9fcb\\uf900-\\ufad9\\u{20000}-\\u{2a6d6}\\u{2a700}-\\u{2b734}\\u{2b740}-\\u{2b81d}\\u{2f800}-\\u{2fa1d}';
/** A run of Chinese characters, a run of Latin letters and digits. */
export const HAN_RUN = new RegExp(`[${HAN}]+`, 'gu');
export const LATIN_RUN = /[a-z0-9]+/g;
/** A chunk the query keeps together: Chinese characters and Latin letters with no gap. */
const CHUNK = new RegExp(`[${HAN}a-z0-9]+`, 'gu');
const IS_HAN = new RegExp(`^[${HAN}]+$`, 'u');
const IS_LATIN = /^[a-z0-9]+$/;

/** Tokens longer than this are not indexed (a pasted hash, a URL's tail). */
const MAX_TOKEN_LENGTH = 40;

export const isHan = (text: string): boolean => IS_HAN.test(text);
export const isLatin = (text: string): boolean => IS_LATIN.test(text);

/** jieba's search-mode words of normalised text: the long words and the shorter ones inside. */
export function searchWords(normalized: string): string[] {
  return segmenter().cutForSearch(normalized, true);
}

/** The syllables of Chinese text without tones, read in context (重庆 is chong qing). */
export function syllablesOf(han: string): string[] {
  return pinyin(han, { toneType: 'none', type: 'array', v: true });
}

export interface WordKeys {
  pinyin: string;
  initials: string;
}

/** Words repeat across documents: their keys are kept, up to this many, then forgotten. */
const KEYS_CACHE_SIZE = 100_000;
const keysCache = new Map<string, WordKeys>();

/** A Chinese word's full pinyin and its initials, without spaces: 西瓜 → xigua, xg. */
export function wordKeys(han: string): WordKeys {
  const cached = keysCache.get(han);
  if (cached !== undefined) return cached;
  const syllables = syllablesOf(han);
  const keys = { pinyin: syllables.join(''), initials: syllables.map((s) => s[0] ?? '').join('') };
  if (keysCache.size >= KEYS_CACHE_SIZE) keysCache.clear();
  keysCache.set(han, keys);
  return keys;
}

const pairs = (chars: string[]): string[] =>
  chars.slice(1).map((next, i) => `${chars[i] ?? ''}${next}`);

/** Every character and every pair of neighbouring characters of a Chinese run. */
export function unigramsAndBigrams(run: string): string[] {
  const chars = Array.from(run);
  return [...chars, ...pairs(chars)];
}

/** The pairs of neighbouring characters of a Chinese run (the run itself when one character). */
export function bigrams(run: string): string[] {
  const chars = Array.from(run);
  return chars.length === 1 ? chars : pairs(chars);
}

/** A word worth offering as a suggestion, with its keys when Chinese. */
export interface SuggestWord {
  word: string;
  keys: WordKeys | null;
}

export interface AnalysedText {
  /** Index tokens: CJK unigrams and bigrams, jieba words, Latin words, pinyin and initials. */
  tokens: Set<string>;
  /** Whole words, for suggestions. */
  words: Map<string, SuggestWord>;
}

/** Phrases of two neighbouring words no longer than this are read as pinyin too. */
const PAIR_MAX_CHARS = 6;

/**
 * Each two neighbouring words of a Chinese run (jieba's default cut), so that pinyin typed
 * across a word boundary (`luosifen` for 螺蛳粉, cut 螺蛳 粉) is one token, with its typos.
 */
function wordPairs(run: string): string[] {
  const words = segmenter().cut(run, true);
  return words
    .slice(1)
    .map((next, i) => `${words[i] ?? ''}${next}`)
    .filter((pair) => Array.from(pair).length <= PAIR_MAX_CHARS);
}

/** Adds the tokens and words of one text to `into`. */
export function analyseInto(text: string, into: AnalysedText): void {
  const normalized = normalizeText(text);
  const add = (token: string) => {
    if (token.length <= MAX_TOKEN_LENGTH) into.tokens.add(token);
  };
  for (const [run] of normalized.matchAll(HAN_RUN)) {
    unigramsAndBigrams(run).forEach(add);
    for (const pair of wordPairs(run)) {
      const keys = wordKeys(pair);
      add(keys.pinyin);
      add(keys.initials);
    }
  }
  for (const [run] of normalized.matchAll(LATIN_RUN)) {
    add(run);
    if (run.length >= 2 && run.length <= MAX_TOKEN_LENGTH && !/^\d+$/.test(run)) {
      into.words.set(run, { word: run, keys: null });
    }
  }
  for (const word of searchWords(normalized)) {
    if (!isHan(word)) continue;
    const keys = wordKeys(word);
    add(word);
    add(keys.pinyin);
    add(keys.initials);
    if (Array.from(word).length >= 2) into.words.set(word, { word, keys });
  }
}

export const emptyAnalysis = (): AnalysedText => ({ tokens: new Set(), words: new Map() });

/** One chunk of a query: Chinese only, Latin only, or both without a gap (`xi瓜`). */
export type QueryChunk =
  | { kind: 'han'; text: string }
  | { kind: 'latin'; text: string }
  | { kind: 'mixed'; text: string; pinyin: string };

/** The chunks of a normalised query, each a maximal run of Chinese and Latin characters. */
export function queryChunks(normalized: string): QueryChunk[] {
  const chunks: QueryChunk[] = [];
  for (const [text] of normalized.matchAll(CHUNK)) {
    if (isHan(text)) chunks.push({ kind: 'han', text });
    else if (isLatin(text)) chunks.push({ kind: 'latin', text });
    else chunks.push({ kind: 'mixed', text, pinyin: mixedToPinyin(text) });
  }
  return chunks;
}

/** `xi瓜` → `xigua`: the Chinese characters as pinyin, the Latin letters as typed. */
function mixedToPinyin(text: string): string {
  return text.replace(HAN_RUN, (run) => syllablesOf(run).join(''));
}
