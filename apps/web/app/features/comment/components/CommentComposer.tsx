import { useId, useRef, useState } from 'react';
import { COMMENT_TEXT_MAX } from '@melon/shared/contracts/comment';
import { PICTURE_ACCEPT } from '@melon/shared/contracts/picture';
import { ProgressBar } from '~/components/ui/ProgressBar.tsx';
import { failureText, type CommentGuard, type CommentNotify } from '../comment-access.ts';
import { checkDraft, insertAt } from '../comment-draft.ts';
import type { CommentDraft } from '../hooks/use-comment-actions.ts';
import { useImageAttachment } from '../hooks/use-image-attachment.ts';
import { commentMessages as t } from '../messages.ts';
import { EmojiPicker } from './EmojiPicker.tsx';
import styles from './CommentArea.module.css';

interface CommentComposerProps {
  /** The text field's accessible name. */
  label: string;
  placeholder: string;
  guard: CommentGuard;
  notify: CommentNotify;
  /** Sends the draft; the composer empties once it resolves. */
  onSend: (draft: CommentDraft) => Promise<unknown>;
  /** A reply's composer: focused when it opens, with 取消. */
  onCancel?: () => void;
}

/**
 * Writing a comment or a reply: 1–1000 characters once trimmed with a counter, emoji, and one
 * picture uploaded with a progress bar. Sending asks a visitor to sign in first (source
 * comment) and sends nothing until then.
 */
export function CommentComposer(props: CommentComposerProps) {
  const { label, placeholder, guard, notify, onSend, onCancel } = props;
  const counterId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const image = useImageAttachment();
  const { length, problem } = checkDraft(text);
  const uploading = image.attachment.state === 'uploading';
  const over = length > COMMENT_TEXT_MAX;

  const insertEmoji = (code: string) => {
    const box = field.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const next = insertAt(text, code, start, end);
    setText(next.text);
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(next.caret, next.caret);
    });
  };

  const send = () => {
    if (problem || uploading) {
      if (problem) notify(problem);
      return;
    }
    const imageInfo = image.attachment.state === 'ready' ? image.attachment.uploaded.uri : null;
    guard('comment', async () => {
      setSending(true);
      try {
        await onSend({ text: text.trim(), imageInfo });
        setText('');
        image.clear();
        onCancel?.();
      } catch (error) {
        const message = failureText(error);
        if (message) notify(message);
      } finally {
        setSending(false);
      }
    });
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        ref={field}
        className={styles.textarea}
        aria-label={label}
        aria-describedby={counterId}
        aria-invalid={over}
        placeholder={placeholder}
        value={text}
        rows={onCancel ? 2 : 3}
        autoFocus={onCancel !== undefined}
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            send();
          }
        }}
      />
      {image.attachment.state !== 'none' && (
        <div className={styles.attachment}>
          <img
            className={styles.attachmentThumb}
            src={
              image.attachment.state === 'ready'
                ? image.attachment.uploaded.url
                : image.attachment.preview
            }
            alt=""
            width={64}
            height={64}
          />
          {image.attachment.state === 'uploading' && (
            <UploadProgress fraction={image.attachment.progress} />
          )}
          <button type="button" className={styles.textButton} onClick={image.clear}>
            {t.imageRemove}
          </button>
        </div>
      )}
      {image.problem && (
        <p className={styles.problem} role="alert">
          {image.problem}
        </p>
      )}
      <div className={styles.composerBar}>
        <div className={styles.tools}>
          <EmojiPicker onPick={insertEmoji} />
          <button
            type="button"
            className={styles.tool}
            disabled={uploading}
            onClick={() => {
              // Signed in, the file dialog opens in the same click; a visitor signs in first.
              guard('comment', () => fileInput.current?.click());
            }}
          >
            {t.image}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={PICTURE_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t.image}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) image.attach(file);
            }}
          />
        </div>
        <span id={counterId} className={styles.counter} data-over={over ? 'true' : 'false'}>
          {t.counter(length, COMMENT_TEXT_MAX)}
        </span>
        {onCancel && (
          <button type="button" className={styles.cancel} onClick={onCancel}>
            {t.cancel}
          </button>
        )}
        <button
          type="submit"
          className={styles.send}
          disabled={sending || uploading || problem !== null}
        >
          {sending ? t.sending : t.send}
        </button>
      </div>
    </form>
  );
}

function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className={styles.upload}>
      <ProgressBar className={styles.uploadTrack} label={t.imageProgress} percent={percent} />
      <span className={styles.uploadLabel}>
        {percent < 100 ? t.imageUploading(percent) : t.imageProcessing}
      </span>
    </div>
  );
}
