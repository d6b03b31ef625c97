import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { publishMessages as t } from '~/features/publish/messages.ts';
import { formatBytes } from '~/features/publish/transfer-rate.ts';
import styles from './Publish.module.css';

/** Types that are certainly not video; anything else goes up and ffprobe decides. */
const NOT_VIDEO = /^(image|audio|text)\//;
/** Browsers leave the type empty for some containers (mkv, flv): the extensions say it. */
const ACCEPT = 'video/*,.mkv,.flv,.avi,.mov,.wmv,.ts,.m4v,.3gp,.webm';

interface FilePickerProps {
  maxBytes: number;
  onPick: (file: File) => void;
}

/** Drop a video here or choose one: checks what can be checked before a byte is sent. */
export function FilePicker({ maxBytes, onPick }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const max = formatBytes(maxBytes);

  function take(file: File | undefined) {
    if (!file) return;
    if (NOT_VIDEO.test(file.type)) setError(t.picker.notVideo);
    else if (file.size === 0) setError(t.picker.empty);
    else if (file.size > maxBytes) setError(t.picker.tooLarge(max));
    else {
      setError(null);
      onPick(file);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    take(event.target.files?.[0]);
    event.target.value = '';
  }

  return (
    <div
      className={dragging ? `${styles.dropZone} ${styles.dropZoneActive}` : styles.dropZone}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => {
        setDragging(false);
      }}
      onDrop={onDrop}
    >
      <svg className={styles.dropIcon} viewBox="0 0 48 48" aria-hidden="true">
        <path
          d="M24 31V11m0 0-8 8m8-8 8 8M10 29v6a4 4 0 0 0 4 4h20a4 4 0 0 0 4-4v-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className={styles.dropTitle}>{t.picker.drop}</p>
      <p className={styles.dropOr}>{t.picker.or}</p>
      <button type="button" className={styles.primaryButton} onClick={() => input.current?.click()}>
        {t.picker.choose}
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t.picker.choose}
        onChange={onChange}
      />
      <p className={error ? styles.fieldError : styles.hint} role={error ? 'alert' : undefined}>
        {error ?? t.picker.hint(max)}
      </p>
    </div>
  );
}
