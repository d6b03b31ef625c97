import { useRef, useState } from 'react';
import { useDismiss } from '~/components/ui/use-dismiss.ts';
import { videoPageMessages as t } from '../messages.ts';
import styles from './ShareMenu.module.css';

export interface ShareMenuProps {
  /** The page's full address, on the site's public origin. */
  link: string;
  /** The <iframe> of the embeddable player of the item playing. */
  embedCode: string;
  notify: (message: string) => void;
}

/**
 * The video page's 分享: the page's address, or the <iframe> of its embeddable player
 * (decision 057), copied with the site's public origin.
 */
export function ShareMenu({ link, embedCode, notify }: ShareMenuProps) {
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  useDismiss(boxRef, open, () => {
    setOpen(false);
  });

  const copy = (text: string, done: string) => {
    setOpen(false);
    navigator.clipboard.writeText(text).then(
      () => {
        notify(done);
      },
      () => {
        notify(t.copyFailed);
      },
    );
  };

  return (
    <div ref={boxRef} className={styles.box}>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
        }}
      >
        {t.share}
      </button>
      {open && (
        <div className={styles.menu} role="menu" aria-label={t.share}>
          <button
            type="button"
            role="menuitem"
            className={styles.item}
            onClick={() => {
              copy(link, t.linkCopied);
            }}
          >
            {t.copyLink}
          </button>
          <button
            type="button"
            role="menuitem"
            className={styles.item}
            onClick={() => {
              copy(embedCode, t.embedCopied);
            }}
          >
            {t.embedCode}
          </button>
        </div>
      )}
    </div>
  );
}
