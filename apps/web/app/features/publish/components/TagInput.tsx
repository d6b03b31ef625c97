import { useState, type KeyboardEvent } from 'react';
import { TAG_MAX_LENGTH } from '@melon/shared/contracts/publish';
import { publishMessages as t } from '~/features/publish/messages.ts';
import { addTag } from '~/features/publish/publish-form.ts';
import styles from './Publish.module.css';

interface TagInputProps {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Tags as chips: Enter or a comma adds what was typed, Backspace on empty removes the last. */
export function TagInput({ id, tags, onChange }: TagInputProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function commit(): boolean {
    const next = addTag(tags, text);
    if ('error' in next) {
      setError(next.error);
      return false;
    }
    setError(null);
    setText('');
    if (next.length !== tags.length) onChange(next);
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',' || event.key === '，') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }

  return (
    <div className={styles.tagControl}>
      <div className={styles.tagBox}>
        {tags.map((tag) => (
          <span key={tag} className={styles.tag}>
            {tag}
            <button
              type="button"
              className={styles.tagRemove}
              aria-label={t.form.removeTag(tag)}
              onClick={() => {
                onChange(tags.filter((other) => other !== tag));
              }}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          className={styles.tagInput}
          value={text}
          maxLength={TAG_MAX_LENGTH + 2}
          placeholder={t.form.tagsPlaceholder}
          aria-describedby={`${id}-note`}
          onChange={(event) => {
            setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (text.trim() !== '') commit();
          }}
        />
      </div>
      <p
        id={`${id}-note`}
        className={error ? styles.fieldError : styles.hint}
        role={error ? 'alert' : undefined}
      >
        {error ?? t.form.tagsHint}
      </p>
    </div>
  );
}
