import type { ReactNode } from 'react';
import styles from './StatusMessage.module.css';

interface StatusMessageProps {
  /** A picture or big glyph above the title. */
  art?: ReactNode;
  title: string;
  children?: ReactNode;
  /** Links or buttons under the text. */
  actions?: ReactNode;
}

/** A centred page message: 404, errors, pages still to come. */
export function StatusMessage({ art, title, children, actions }: StatusMessageProps) {
  return (
    <section className={styles.box}>
      {art && <div className={styles.art}>{art}</div>}
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.text}>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}

/** The look of an action in a StatusMessage: a brand-coloured pill. */
export const statusActionClass = styles.action;
