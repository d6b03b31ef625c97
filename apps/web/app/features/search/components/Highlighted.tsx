import { highlightParts } from '../highlight.ts';
import styles from './SearchCards.module.css';

/** A title with the words the search matched marked; every part is text, never HTML. */
export function Highlighted({ text, matched }: { text: string; matched: readonly string[] }) {
  return (
    <>
      {highlightParts(text, matched).map((part, index) =>
        part.hit ? (
          <em key={index} className={styles.hit}>
            {part.text}
          </em>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
