import { useId, useState, type SubmitEvent } from 'react';
import { uploadFeedbackImage } from '@melon/shared/calls/feedback.calls';
import { APP_ID, DANMAKU_APP_NAME } from '@melon/shared/api/constants';
import { ApiError } from '@melon/shared/client/errors';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CONTACT_PATTERN,
  FEEDBACK_DESCRIPTION_MAX_LENGTH,
  FEEDBACK_DESCRIPTION_MIN_LENGTH,
  FEEDBACK_IMAGES_MAX_COUNT,
  type FeedbackCategory,
} from '@melon/shared/contracts/feedback';
import { CloseButton } from '~/components/ui/CloseButton.tsx';
import { CountedBox } from '~/components/ui/FormField.tsx';
import { Modal } from '~/components/ui/Modal.tsx';
import { PicturePicker } from '~/components/ui/PicturePicker.tsx';
import { usePictureUploads } from '~/lib/use-picture-uploads.ts';
import { feedbackMessages as t } from '../messages.ts';
import { sendFeedback } from '../send-feedback.ts';
import styles from './FeedbackDialog.module.css';

/** The SPEC's upload form fields beside the image (no watermark: a screenshot as taken). */
const UPLOAD_FIELDS = { watermark: '0', aid: String(APP_ID), app_name: DANMAKU_APP_NAME };
const CONTACT = new RegExp(FEEDBACK_CONTACT_PATTERN);

/** What to tell the sender about a refusal: the server's words, else a fallback. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return t.failed;
}

/** The first thing to fix before sending, or null when the form can go. */
function problemOf(description: string, contact: string, uploading: boolean): string | null {
  if (description.trim().length < FEEDBACK_DESCRIPTION_MIN_LENGTH) return t.descriptionShort;
  if (contact.trim() !== '' && !CONTACT.test(contact.trim())) return t.contactInvalid;
  if (uploading) return t.waitForUploads;
  return null;
}

/**
 * The feedback dialog 意见反馈 (decision 060): a category, the description, up to three
 * screenshots uploaded as picked, and an optional contact; signed in or not. `onSent` is told
 * once the feedback is stored (the caller closes the dialog and thanks the sender).
 */
export function FeedbackDialog({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const titleId = useId();
  const descriptionId = useId();
  const contactId = useId();
  const shotsLabelId = useId();
  const [category, setCategory] = useState<FeedbackCategory>('play');
  const [description, setDescription] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const uploads = usePictureUploads({
    call: uploadFeedbackImage,
    fields: UPLOAD_FIELDS,
    max: FEEDBACK_IMAGES_MAX_COUNT,
    messages: { tooLarge: t.screenshotTooLarge, failed: t.screenshotFailed },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const problem = problemOf(description, contact, uploads.uploading);
    setError(problem);
    if (problem) return;
    setSending(true);
    sendFeedback({ category, description, contact, imageUris: uploads.uris }).then(
      onSent,
      (e: unknown) => {
        setSending(false);
        setError(failureOf(e));
      },
    );
  };

  const edited = () => {
    setError(null);
  };
  const shown = error ?? uploads.problem;

  return (
    <Modal labelledBy={titleId} onClose={onClose} className={styles.dialog} sheetOnPhones>
      <h2 id={titleId} className={styles.title}>
        {t.title}
      </h2>
      <CloseButton label={t.close} size={20} className={styles.close} onClick={onClose} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.categories} disabled={sending}>
          <legend className={styles.label}>{t.category}</legend>
          {FEEDBACK_CATEGORIES.map((value) => (
            <label key={value} className={styles.category}>
              <input
                type="radio"
                name="category"
                value={value}
                checked={category === value}
                onChange={() => {
                  setCategory(value);
                  edited();
                }}
              />
              <span>{t.categories[value]}</span>
            </label>
          ))}
        </fieldset>
        <label htmlFor={descriptionId} className={styles.label}>
          <span className={styles.required} aria-hidden="true">
            *
          </span>
          {t.description}
        </label>
        <CountedBox length={description.length} max={FEEDBACK_DESCRIPTION_MAX_LENGTH}>
          <textarea
            id={descriptionId}
            className={styles.textarea}
            value={description}
            minLength={FEEDBACK_DESCRIPTION_MIN_LENGTH}
            maxLength={FEEDBACK_DESCRIPTION_MAX_LENGTH}
            rows={4}
            required
            placeholder={t.descriptionPlaceholder}
            disabled={sending}
            onChange={(event) => {
              setDescription(event.target.value);
              edited();
            }}
          />
        </CountedBox>
        <span id={shotsLabelId} className={styles.label}>
          {t.screenshots}
        </span>
        <PicturePicker
          uploads={uploads}
          texts={t.screenshotPicker}
          size="small"
          labelledBy={shotsLabelId}
          disabled={sending}
        />
        <label htmlFor={contactId} className={styles.label}>
          {t.contact}
        </label>
        <input
          id={contactId}
          className={styles.input}
          type="text"
          inputMode="email"
          autoComplete="email"
          value={contact}
          maxLength={t.contactMaxLength}
          placeholder={t.contactPlaceholder}
          disabled={sending}
          onChange={(event) => {
            setContact(event.target.value);
            edited();
          }}
        />
        {shown && (
          <p className={styles.error} role="alert">
            {shown}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" className={styles.submit} disabled={sending}>
            {sending ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </Modal>
  );
}
