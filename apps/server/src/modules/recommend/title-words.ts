import { Jieba, TfIdf } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict.js';

/** How many words of a title the related list looks for in other titles. */
const TITLE_WORDS = 4;

let extractor: { jieba: Jieba; tfIdf: TfIdf } | undefined;

/**
 * The words that say what a title is about: jieba's TF-IDF keywords (two UTF-16 units or more: two Chinese characters, or a Latin word),
 * the most telling first. The dictionaries load on first use, not at start-up.
 */
export function titleWords(title: string): string[] {
  extractor ??= { jieba: Jieba.withDict(dict), tfIdf: TfIdf.withDict(idf) };
  return extractor.tfIdf
    .extractKeywords(extractor.jieba, title, TITLE_WORDS)
    .map((keyword) => keyword.keyword)
    .filter((word) => word.length >= 2);
}
