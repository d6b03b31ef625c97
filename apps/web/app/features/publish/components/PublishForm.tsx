import { useState, type SubmitEvent } from 'react';
import { publishVideo } from '@melon/shared/calls/upload.calls';
import { ApiError } from '@melon/shared/client/errors';
import type { Channel } from '@melon/shared/contracts/channel';
import { ABSTRACT_MAX_LENGTH, TITLE_MAX_LENGTH } from '@melon/shared/contracts/publish';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { CountedBox, FormField } from '~/components/ui/FormField.tsx';
import { publishMessages as t } from '~/features/publish/messages.ts';
import {
  checkDraft,
  titleFromFileName,
  type DraftErrors,
} from '~/features/publish/publish-form.ts';
import { browserClient } from '~/lib/browser-client.ts';
import { CoverPicker } from './CoverPicker.tsx';
import styles from './Publish.module.css';
import { TagInput } from './TagInput.tsx';

interface PublishFormProps {
  file: File;
  /** The finished upload's id; null while it is still on its way. */
  uploadId: string | null;
  channels: readonly Channel[];
  onPublished: (itemId: string) => void;
}

/** The server's field names mapped to the form's. */
const FIELD_OF: Record<string, keyof DraftErrors> = {
  title: 'title',
  abstract: 'abstract',
  tags: 'tags',
  'tags.0': 'tags',
  channel_id: 'channel',
};

/** 基本信息: title, description, tags, channel and cover; 发布 once the upload is complete. */
export function PublishForm({ file, uploadId, channels, onPublished }: PublishFormProps) {
  const [title, setTitle] = useState(() => titleFromFileName(file.name));
  const [abstract, setAbstract] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [channelId, setChannelId] = useState('');
  const [coverTimeMs, setCoverTimeMs] = useState<number | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  /** An edited field's old complaint no longer applies. */
  const edited = (field: keyof DraftErrors) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !uploadId) return;
    const found = checkDraft({ title, abstract, tags, channelId });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const { item_id } = await browserClient().call(publishVideo, {
        upload_id: uploadId,
        title: title.trim(),
        abstract,
        tags,
        channel_id: Number(channelId),
        ...(coverTimeMs === null ? {} : { cover_time_ms: coverTimeMs }),
      });
      onPublished(item_id);
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : t.form.failed;
      const field = error instanceof ApiError && error.field ? FIELD_OF[error.field] : undefined;
      if (field) setErrors({ [field]: message });
      else setFailure(message);
    } finally {
      setPending(false);
    }
  }

  const errorOf = (field: keyof DraftErrors) =>
    errors[field] ? (
      <p className={styles.fieldError} role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <h2 className={styles.sectionHeading}>{t.form.heading}</h2>
      <FormField label={t.form.title} htmlFor="publish-title" required>
        <CountedBox length={codePointLength(title.trim())} max={TITLE_MAX_LENGTH}>
          <input
            id="publish-title"
            className={styles.input}
            value={title}
            required
            aria-invalid={errors.title ? true : undefined}
            placeholder={t.form.titlePlaceholder}
            onChange={(event) => {
              setTitle(event.target.value);
              edited('title');
            }}
          />
        </CountedBox>
        {errorOf('title')}
      </FormField>
      <FormField label={t.form.abstract} htmlFor="publish-abstract">
        <CountedBox length={codePointLength(abstract)} max={ABSTRACT_MAX_LENGTH}>
          <textarea
            id="publish-abstract"
            className={styles.textarea}
            value={abstract}
            rows={4}
            aria-invalid={errors.abstract ? true : undefined}
            placeholder={t.form.abstractPlaceholder}
            onChange={(event) => {
              setAbstract(event.target.value);
              edited('abstract');
            }}
          />
        </CountedBox>
        {errorOf('abstract')}
      </FormField>
      <FormField label={t.form.tags} htmlFor="publish-tags">
        <TagInput
          id="publish-tags"
          tags={tags}
          onChange={(next) => {
            setTags(next);
            edited('tags');
          }}
        />
        {errorOf('tags')}
      </FormField>
      <FormField label={t.form.channel} htmlFor="publish-channel" required>
        <select
          id="publish-channel"
          className={styles.select}
          value={channelId}
          required
          aria-invalid={errors.channel ? true : undefined}
          onChange={(event) => {
            setChannelId(event.target.value);
            edited('channel');
          }}
        >
          <option value="" disabled>
            {t.form.channelPlaceholder}
          </option>
          {channels.map((channel) => (
            <option key={channel.channelId} value={channel.channelId}>
              {channel.name}
            </option>
          ))}
        </select>
        {errorOf('channel')}
      </FormField>
      <FormField label={t.form.cover}>
        <CoverPicker file={file} coverTimeMs={coverTimeMs} onChange={setCoverTimeMs} />
      </FormField>
      <FormField>
        {failure && (
          <p className={styles.fieldError} role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className={styles.primaryButton} disabled={pending || !uploadId}>
          {pending ? t.form.submitting : t.form.submit}
        </button>
        {!uploadId && <p className={styles.hint}>{t.form.waitUpload}</p>}
      </FormField>
    </form>
  );
}
