import styles from './Avatar.module.css';

/** A round avatar; without a picture, the first character of the name on the brand colour. */
export function Avatar({ name, url, size }: { name: string; url: string; size: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (url) {
    return (
      <img className={styles.avatar} src={url} alt="" width={size} height={size} style={style} />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initial}`} style={style} aria-hidden="true">
      {Array.from(name)[0] ?? '?'}
    </span>
  );
}
