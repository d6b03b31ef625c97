import type { HotWordList, SearchWord } from '@melon/shared/contracts/search';
import { searchMessages as t } from '../messages.ts';
import { WordList } from './WordList.tsx';
import styles from './SearchStartPage.module.css';

/** /search without a keyword: the hot list and the guess words. */
export function SearchStartPage({
  hot,
  guess,
}: {
  hot: HotWordList['list'];
  guess: readonly SearchWord[];
}) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t.title}</h1>
      <p className={styles.hint}>{t.startHint}</p>
      <WordList heading={t.hot} words={hot.map((entry) => entry.word)} ranked />
      <WordList heading={t.guess} words={guess.map((entry) => entry.word)} />
    </div>
  );
}
