import styles from './VideoCardSkeleton.module.css';

/** The shape of a card while its page loads. */
export function VideoCardSkeleton() {
  return (
    <div className={styles.card}>
      <div className={styles.cover} />
      <div className={styles.line} />
      <div className={`${styles.line} ${styles.short}`} />
      <div className={`${styles.line} ${styles.meta}`} />
    </div>
  );
}
