import type { LinkCheck } from '../hooks/use-link-lines.ts';
import { tortMessages as t } from '../messages.ts';
import styles from './Tort.module.css';

/** Under the links box: the video each line names, or why it names none. */
export function LinkLines({ check, id }: { check: LinkCheck; id: string }) {
  if (check.status === 'idle') return null;
  return (
    <div id={id} className={styles.lines} aria-live="polite">
      {check.status === 'checking' && <p className={styles.muted}>{t.checking}</p>}
      {check.status === 'failed' && <p className={styles.error}>{check.message}</p>}
      {check.status === 'checked' && (
        <ol className={styles.lineList}>
          {check.lines.map((line, index) => (
            <li key={`${String(index)}:${line.link}`} className={styles.line}>
              {line.item ? (
                <>
                  <img src={line.item.cover_url} alt="" className={styles.lineCover} />
                  <span className={styles.lineText}>
                    <span className={styles.lineTitle}>{line.item.title}</span>
                    <span className={styles.muted}>{t.byAuthor(line.item.author_name)}</span>
                  </span>
                </>
              ) : (
                <span className={styles.lineText}>
                  <span className={styles.lineLink}>{line.link}</span>
                  <span className={styles.error}>{line.error}</span>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
