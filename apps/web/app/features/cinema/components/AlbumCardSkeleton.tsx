import styles from './AlbumCardSkeleton.module.css';

/** The shape of an album card while its page loads. */
export function AlbumCardSkeleton() {
  return (
    <div className={styles.card}>
      <div className={styles.cover} />
      <div className={styles.line} />
      <div className={`${styles.line} ${styles.short}`} />
    </div>
  );
}
