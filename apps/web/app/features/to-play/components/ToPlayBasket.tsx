import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TO_PLAY_MAX_ENTRIES } from '@melon/shared/contracts/to-play';
import { useDismiss } from '~/components/ui/use-dismiss.ts';
import { useToPlay } from '../hooks/use-to-play.ts';
import { toPlayMessages as t } from '../messages.ts';
import styles from './ToPlay.module.css';

/** The header's basket: an icon with the count, and a panel of the entries (decision 051). */
export function ToPlayBasket() {
  const basket = useToPlay();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  useDismiss(root, open, () => {
    setOpen(false);
  });
  const count = basket.entries?.length ?? basket.ids?.length ?? 0;
  const first = basket.entries?.[0];

  return (
    <div className={styles.basket} ref={root}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t.basketLabel(count)}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
        data-testid="to-play-trigger"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M4 6h11M4 11h11M4 16h7M16 14.5v6l5-3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.triggerText}>{t.basket}</span>
        {count > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          className={styles.panel}
          aria-labelledby={headingId}
          data-testid="to-play-panel"
        >
          <header className={styles.panelHeader}>
            <h2 id={headingId} className={styles.panelTitle}>
              {t.heading}
              <span className={styles.panelCount}>{t.count(count, TO_PLAY_MAX_ENTRIES)}</span>
            </h2>
            {count > 0 && (
              <button
                type="button"
                className={styles.textButton}
                onClick={() => void basket.clear()}
              >
                {t.clear}
              </button>
            )}
          </header>
          {basket.entries === null ? (
            <p className={styles.note}>{t.loading}</p>
          ) : basket.entries.length === 0 ? (
            <p className={styles.note}>{t.empty}</p>
          ) : (
            <ol className={styles.entries}>
              {basket.entries.map((entry) => (
                <li key={entry.group_id} className={styles.entry}>
                  <Link
                    to={`/toplay/${entry.group_id}`}
                    className={styles.entryLink}
                    onClick={() => {
                      setOpen(false);
                    }}
                  >
                    <span className={styles.entryCover}>
                      {entry.cover_url && (
                        <img src={entry.cover_url} alt="" width={96} height={54} loading="lazy" />
                      )}
                    </span>
                    <span className={styles.entryText}>
                      <span className={styles.entryTitle}>{entry.title}</span>
                      {entry.episode_label && (
                        <span className={styles.entryLabel}>{entry.episode_label}</span>
                      )}
                    </span>
                  </Link>
                  <button
                    type="button"
                    className={styles.textButton}
                    aria-label={t.removeNamed(entry.title)}
                    onClick={() => void basket.remove(entry.group_id)}
                  >
                    {t.remove}
                  </button>
                </li>
              ))}
            </ol>
          )}
          {first && (
            <Link
              to={`/toplay/${first.group_id}`}
              className={styles.playAll}
              onClick={() => {
                setOpen(false);
              }}
            >
              {t.playAll}
            </Link>
          )}
        </section>
      )}
    </div>
  );
}
