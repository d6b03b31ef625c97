import styles from './ProgressBar.module.css';

interface ProgressBarProps {
  /** What is progressing, for screen readers. */
  label: string;
  /** 0 to 100. */
  percent: number;
  /** How screen readers say the value, where the number alone is not enough. */
  valueText?: string;
  /** Finished: the bar turns green. */
  done?: boolean;
  /** Sizes the track: its width, height and corners. */
  className?: string;
}

/** A thin bar filling from the left, with the progressbar role and its values. */
export function ProgressBar({
  label,
  percent,
  valueText,
  done = false,
  className,
}: ProgressBarProps) {
  return (
    <div
      className={className ? `${styles.track} ${className}` : styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
    >
      <div
        className={done ? `${styles.bar} ${styles.done}` : styles.bar}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
