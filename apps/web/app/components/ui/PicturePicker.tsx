import { useRef } from 'react';
import { PICTURE_ACCEPT } from '@melon/shared/contracts/picture';
import type { PictureUploads } from '~/lib/use-picture-uploads.ts';
import styles from './PicturePicker.module.css';

/** What the picker says: its add button, and each picture's name, delete button and progress. */
export interface PicturePickerTexts {
  add: string;
  alt: (position: number) => string;
  remove: (position: number) => string;
  uploading: (percent: number) => string;
}

interface PicturePickerProps {
  uploads: PictureUploads;
  texts: PicturePickerTexts;
  /** The tiles' size: `small` in dialogs, `large` on a page's form. */
  size: 'small' | 'large';
  /** The group's visible label, where the form names the pictures apart from the add button. */
  labelledBy?: string;
  disabled?: boolean;
  /** The file input's id and error wiring, where the form's checks point at it. */
  input?: { id: string; describedBy: string | undefined; invalid: boolean };
  /** Files were picked (a field error about them no longer applies). */
  onPick?: () => void;
}

/** Picked pictures as thumbnails with their upload progress and a delete button, then the picker. */
export function PicturePicker({
  uploads,
  texts,
  size,
  labelledBy,
  disabled = false,
  input,
  onPick,
}: PicturePickerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div
      className={`${styles.pictures} ${styles[size]}`}
      {...(labelledBy ? { role: 'group', 'aria-labelledby': labelledBy } : {})}
    >
      {uploads.pictures.map((picture, index) => (
        <figure key={picture.key} className={styles.picture}>
          <img src={picture.preview} alt={texts.alt(index + 1)} className={styles.image} />
          {picture.state === 'uploading' && (
            <figcaption className={styles.progress}>
              {texts.uploading(Math.round(picture.progress * 100))}
            </figcaption>
          )}
          <button
            type="button"
            className={styles.remove}
            aria-label={texts.remove(index + 1)}
            disabled={disabled}
            onClick={() => {
              uploads.remove(picture.key);
            }}
          >
            ×
          </button>
        </figure>
      ))}
      {!uploads.full && (
        <label className={styles.add}>
          <span aria-hidden="true">+</span>
          {texts.add}
          <input
            ref={fileInput}
            type="file"
            accept={PICTURE_ACCEPT}
            multiple
            disabled={disabled}
            className="visually-hidden"
            {...(input
              ? {
                  id: input.id,
                  'aria-describedby': input.describedBy,
                  'aria-invalid': input.invalid,
                }
              : {})}
            onChange={(event) => {
              onPick?.();
              uploads.add([...(event.target.files ?? [])]);
              if (fileInput.current) fileInput.current.value = '';
            }}
          />
        </label>
      )}
    </div>
  );
}
