import { Link } from 'react-router';
import { searchPath } from '~/lib/paths.ts';
import styles from './WordList.module.css';

/** A titled list of words, each a link to its search (hot words, guess words). */
export function WordList({
  heading,
  words,
  ranked = false,
}: {
  heading: string;
  words: readonly string[];
  ranked?: boolean;
}) {
  if (words.length === 0) return null;
  return (
    <section className={styles.section} aria-label={heading}>
      <h2 className={styles.heading}>{heading}</h2>
      <ol className={ranked ? styles.ranked : styles.words}>
        {words.map((word, index) => (
          <li key={word} className={styles.word}>
            {ranked && (
              <span className={index < 3 ? styles.rankTop : styles.rank}>{index + 1}</span>
            )}
            <Link to={searchPath(word)} className={styles.link}>
              {word}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
