import { useId, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { deleteStudioVideo, editStudioVideo } from '@melon/shared/calls/studio.calls';
import { ApiError } from '@melon/shared/client/errors';
import { ABSTRACT_MAX_LENGTH, TITLE_MAX_LENGTH } from '@melon/shared/contracts/publish';
import {
  STUDIO_VISIBILITIES,
  type StudioVideoDetail,
  type StudioVisibility,
} from '@melon/shared/contracts/studio';
import { FormField } from '~/components/ui/FormField.tsx';
import form from '~/components/ui/FormField.module.css';
import { Modal } from '~/components/ui/Modal.tsx';
import { browserClient } from '~/lib/browser-client.ts';
import { CoverFrame } from './CoverFrame.tsx';
import { CoverUpload } from './CoverUpload.tsx';
import { studioPath } from '../studio-sections.ts';
import {
  formValuesOf,
  readVideoForm,
  type FormErrors,
  type VideoFormValues,
} from '../video-form.ts';
import { studioVideoMessages as t } from '../video-messages.ts';
import frame from './Studio.module.css';
import styles from './StudioVideos.module.css';

interface VideoEditFormProps {
  detail: StudioVideoDetail;
  channels: readonly { channelId: string; name: string }[];
  notify: (message: string) => void;
  onSaved: () => void;
}

/** The server's field names, as the form's. */
const FIELD_OF: Record<string, keyof FormErrors> = {
  title: 'title',
  tags: 'tags',
  opening_ms: 'opening',
  ending_ms: 'ending',
};

/** 编辑视频: every field at once; 删除 asks first. */
export function VideoEditForm({ detail, channels, notify, onSaved }: VideoEditFormProps) {
  const [values, setValues] = useState<VideoFormValues>(() => formValuesOf(detail));
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const id = useId();
  const itemId = detail.video.item_id;

  const set = <K extends keyof VideoFormValues>(key: K, value: VideoFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A field's error goes once the author changes that field.
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  };

  const failed = (error: unknown) => {
    const field = error instanceof ApiError && error.field ? FIELD_OF[error.field] : undefined;
    const message = error instanceof ApiError && error.message ? error.message : t.failed;
    if (field) setErrors({ [field]: message });
    else notify(message);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readVideoForm(itemId, values, detail.video.duration * 1000);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await browserClient().call(editStudioVideo, read.body);
      notify(t.saved);
      onSaved();
    } catch (error) {
      failed(error);
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    setPending(true);
    try {
      await browserClient().call(deleteStudioVideo, { item_id: itemId });
      notify(t.deleted);
      await navigate(studioPath('videos'));
    } catch (error) {
      setConfirming(false);
      failed(error);
    } finally {
      setPending(false);
    }
  };

  const errorOf = (field: keyof FormErrors) =>
    errors[field] && (
      <p className={form.error} role="alert" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    );
  const invalid = (field: keyof FormErrors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <>
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate>
        <FormField label={t.fields.title} htmlFor={`${id}-title`} required>
          <input
            id={`${id}-title`}
            className={form.input}
            value={values.title}
            maxLength={TITLE_MAX_LENGTH}
            onChange={(event) => {
              set('title', event.target.value);
            }}
            {...invalid('title')}
          />
          {errorOf('title')}
        </FormField>
        <FormField label={t.cover.label}>
          <CoverUpload video={detail.video} notify={notify} onChanged={onSaved} />
        </FormField>
        {detail.video.state === 'ready' && (
          <FormField label={t.cover.fromFrame}>
            <CoverFrame detail={detail} notify={notify} onChanged={onSaved} />
          </FormField>
        )}
        <FormField label={t.fields.abstract} htmlFor={`${id}-abstract`}>
          <textarea
            id={`${id}-abstract`}
            className={form.textarea}
            value={values.abstract}
            maxLength={ABSTRACT_MAX_LENGTH}
            rows={4}
            onChange={(event) => {
              set('abstract', event.target.value);
            }}
          />
        </FormField>
        <FormField label={t.fields.tags} htmlFor={`${id}-tags`}>
          <input
            id={`${id}-tags`}
            className={form.input}
            value={values.tags}
            onChange={(event) => {
              set('tags', event.target.value);
            }}
            {...invalid('tags')}
          />
          <p className={form.hint}>{t.fields.tagsHint}</p>
          {errorOf('tags')}
        </FormField>
        <FormField label={t.fields.channel} htmlFor={`${id}-channel`} required>
          <select
            id={`${id}-channel`}
            className={form.select}
            value={String(values.channelId)}
            onChange={(event) => {
              set('channelId', Number(event.target.value));
            }}
          >
            {channels.map((channel) => (
              <option key={channel.channelId} value={channel.channelId}>
                {channel.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t.fields.visibility}>
          <div className={styles.radios} role="radiogroup" aria-label={t.fields.visibility}>
            {STUDIO_VISIBILITIES.map((level: StudioVisibility) => (
              <label key={level}>
                <input
                  type="radio"
                  name={`${id}-visibility`}
                  value={level}
                  checked={values.visibility === level}
                  onChange={() => {
                    set('visibility', level);
                  }}
                />{' '}
                {t.visibility[level]}
              </label>
            ))}
          </div>
        </FormField>
        <FormField label={t.fields.opening} htmlFor={`${id}-opening`}>
          <input
            id={`${id}-opening`}
            className={`${form.input} ${styles.markInput}`}
            value={values.opening}
            inputMode="numeric"
            placeholder="0:00"
            onChange={(event) => {
              set('opening', event.target.value);
            }}
            {...invalid('opening')}
          />
          <p className={form.hint}>{t.fields.markHint}</p>
          {errorOf('opening')}
        </FormField>
        <FormField label={t.fields.ending} htmlFor={`${id}-ending`}>
          <input
            id={`${id}-ending`}
            className={`${form.input} ${styles.markInput}`}
            value={values.ending}
            inputMode="numeric"
            placeholder="0:00"
            onChange={(event) => {
              set('ending', event.target.value);
            }}
            {...invalid('ending')}
          />
          {errorOf('ending')}
        </FormField>
        <FormField>
          <div className={frame.actions}>
            <button type="submit" className={frame.primaryButton} disabled={pending}>
              {pending ? t.saving : t.save}
            </button>
            <button
              type="button"
              className={frame.button}
              disabled={pending}
              onClick={() => {
                setConfirming(true);
              }}
            >
              {t.delete}
            </button>
          </div>
        </FormField>
      </form>
      {confirming && (
        <Modal
          labelledBy={`${id}-delete`}
          onClose={() => {
            setConfirming(false);
          }}
          className={styles.dialog}
        >
          <h2 id={`${id}-delete`} className={styles.dialogTitle}>
            {t.confirmDelete.title}
          </h2>
          <p className={styles.dialogText}>{t.confirmDelete.body(detail.video.title)}</p>
          <div className={frame.actions}>
            <button
              type="button"
              className={frame.button}
              onClick={() => {
                setConfirming(false);
              }}
            >
              {t.confirmDelete.cancel}
            </button>
            <button
              type="button"
              className={frame.primaryButton}
              disabled={pending}
              onClick={() => void remove()}
            >
              {t.confirmDelete.confirm}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
