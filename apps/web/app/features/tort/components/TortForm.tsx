import { useId, useRef, useState, type SubmitEvent } from 'react';
import { fileTortReport } from '@melon/shared/calls/tort.calls';
import { ApiError } from '@melon/shared/client/errors';
import {
  TORT_CLAIMANT_KINDS,
  TORT_DESCRIPTION_MAX_LENGTH,
  TORT_NAME_MAX_LENGTH,
  TORT_RIGHTS,
  type TortItemLine,
  type TortReport,
} from '@melon/shared/contracts/tort';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { CountedBox } from '~/components/ui/FormField.tsx';
import { PicturePicker } from '~/components/ui/PicturePicker.tsx';
import { browserClient } from '~/lib/browser-client.ts';
import { useLinkLines } from '../hooks/use-link-lines.ts';
import { useProofUploads } from '../hooks/use-proof-uploads.ts';
import { tortMessages as t } from '../messages.ts';
import {
  claimBody,
  draftProblems,
  emptyDraft,
  firstFieldOf,
  formFieldOf,
  newSubmitId,
  type TortDraft,
  type TortErrors,
  type TortField,
} from '../tort-form.ts';
import { LinkLines } from './LinkLines.tsx';
import { Choices, Required } from './TortFields.tsx';
import styles from './Tort.module.css';

interface TortFormProps {
  /** The links box as the page opened it (a video named in the address), checked already. */
  initialLinks: { links: string; lines: TortItemLine[] } | null;
  onFiled: (report: TortReport) => void;
}

/** The claim form: claimant, right, videos, description, proofs, declaration (decision 055). */
export function TortForm({ initialLinks, onFiled }: TortFormProps) {
  const base = useId();
  const idOf = (field: TortField) => `${base}-${field}`;
  const errorIdOf = (field: TortField) => `${base}-${field}-error`;
  const [draft, setDraft] = useState<TortDraft>(() => emptyDraft(initialLinks?.links ?? ''));
  const [errors, setErrors] = useState<TortErrors>({});
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState(false);
  const submitId = useRef<string | null>(null);
  const { check, resolve } = useLinkLines(initialLinks);
  const uploads = useProofUploads();

  /** A field being changed: its error, and the form's, no longer apply. */
  const clearError = (field: TortField) => {
    setErrors((shown) => ({ ...shown, [field]: undefined }));
    setFormError('');
  };

  const change = <K extends keyof TortDraft>(key: K, field: TortField, value: TortDraft[K]) => {
    setDraft((shown) => ({ ...shown, [key]: value }));
    clearError(field);
  };

  /** The field's invalid flag and the ids that describe it (its hint, then its error). */
  const described = (field: TortField, hint?: string) => ({
    'aria-invalid': errors[field] !== undefined,
    'aria-describedby':
      [hint, errors[field] ? errorIdOf(field) : undefined].filter(Boolean).join(' ') || undefined,
  });

  const errorOf = (field: TortField) =>
    errors[field] && (
      <p id={errorIdOf(field)} className={styles.error}>
        {errors[field]}
      </p>
    );

  /** Shows each error under its field and takes the focus to the first. */
  const refuse = (problems: TortErrors) => {
    setErrors(problems);
    setFormError(t.fixFields);
    const first = firstFieldOf(problems);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || uploads.uploading) return;
    const problems = draftProblems(draft, uploads.uris.length);
    if (firstFieldOf(problems)) {
      refuse(problems);
      return;
    }
    submitId.current ??= newSubmitId();
    setPending(true);
    setFormError('');
    try {
      const filed = await browserClient().call(
        fileTortReport,
        claimBody(draft, submitId.current, uploads.uris),
      );
      onFiled(filed.report);
    } catch (error) {
      const field = error instanceof ApiError ? formFieldOf(error.field) : null;
      const message = error instanceof ApiError && error.message ? error.message : t.failed;
      if (field) refuse({ [field]: message });
      else setFormError(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Choices
        legend={t.claimant}
        name="claimant_kind"
        options={TORT_CLAIMANT_KINDS}
        labels={t.claimantKinds}
        value={draft.claimantKind}
        checkedId={idOf('claimant_kind')}
        describedProps={described('claimant_kind')}
        error={errorOf('claimant_kind')}
        onChange={(kind) => {
          change('claimantKind', 'claimant_kind', kind);
        }}
      />

      <div className={styles.field}>
        <label htmlFor={idOf('claimant_name')} className={styles.label}>
          <Required />
          {t.name}
        </label>
        <CountedBox length={codePointLength(draft.name)} max={TORT_NAME_MAX_LENGTH}>
          <input
            id={idOf('claimant_name')}
            className={styles.input}
            value={draft.name}
            maxLength={TORT_NAME_MAX_LENGTH}
            autoComplete={draft.claimantKind === 'person' ? 'name' : 'organization'}
            placeholder={t.namePlaceholder[draft.claimantKind]}
            {...described('claimant_name')}
            onChange={(event) => {
              change('name', 'claimant_name', event.target.value);
            }}
          />
        </CountedBox>
        {errorOf('claimant_name')}
      </div>

      <div className={styles.pair}>
        <div className={styles.field}>
          <label htmlFor={idOf('mobile')} className={styles.label}>
            <Required />
            {t.mobile}
          </label>
          <input
            id={idOf('mobile')}
            className={styles.plainInput}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={11}
            value={draft.mobile}
            placeholder={t.mobilePlaceholder}
            {...described('mobile')}
            onChange={(event) => {
              change('mobile', 'mobile', event.target.value);
            }}
          />
          {errorOf('mobile')}
        </div>
        <div className={styles.field}>
          <label htmlFor={idOf('email')} className={styles.label}>
            <Required />
            {t.email}
          </label>
          <input
            id={idOf('email')}
            className={styles.plainInput}
            type="email"
            autoComplete="email"
            maxLength={254}
            value={draft.email}
            placeholder={t.emailPlaceholder}
            {...described('email')}
            onChange={(event) => {
              change('email', 'email', event.target.value);
            }}
          />
          {errorOf('email')}
        </div>
      </div>

      <Choices
        legend={t.right}
        name="right"
        options={TORT_RIGHTS}
        labels={t.rights}
        value={draft.right}
        checkedId={idOf('right')}
        describedProps={described('right')}
        error={errorOf('right')}
        onChange={(right) => {
          change('right', 'right', right);
        }}
      />

      <div className={styles.field}>
        <label htmlFor={idOf('links')} className={styles.label}>
          <Required />
          {t.links}
        </label>
        <textarea
          id={idOf('links')}
          className={styles.plainTextarea}
          rows={3}
          value={draft.links}
          placeholder={t.linksPlaceholder}
          spellCheck={false}
          {...described(
            'links',
            // The checked lines say which video each names, once there are any.
            check.status === 'idle' ? `${base}-links-hint` : `${base}-links-hint ${base}-lines`,
          )}
          onChange={(event) => {
            change('links', 'links', event.target.value);
          }}
          onBlur={() => {
            if (check.status !== 'checked' || check.links !== draft.links) resolve(draft.links);
          }}
        />
        <p id={`${base}-links-hint`} className={styles.hint}>
          {t.linksHint}
        </p>
        <LinkLines check={check} id={`${base}-lines`} />
        {errorOf('links')}
      </div>

      <div className={styles.field}>
        <label htmlFor={idOf('description')} className={styles.label}>
          <Required />
          {t.description}
        </label>
        <CountedBox length={codePointLength(draft.description)} max={TORT_DESCRIPTION_MAX_LENGTH}>
          <textarea
            id={idOf('description')}
            className={styles.textarea}
            rows={5}
            value={draft.description}
            maxLength={TORT_DESCRIPTION_MAX_LENGTH}
            placeholder={t.descriptionPlaceholder}
            {...described('description')}
            onChange={(event) => {
              change('description', 'description', event.target.value);
            }}
          />
        </CountedBox>
        {errorOf('description')}
      </div>

      <div className={styles.field}>
        <span className={styles.label} id={`${base}-proofs-label`}>
          <Required />
          {t.proofs}
        </span>
        <PicturePicker
          uploads={uploads}
          texts={t.proofPicker}
          size="large"
          input={{
            id: idOf('proof_images'),
            describedBy: described('proof_images', `${base}-proofs-hint`)['aria-describedby'],
            invalid: errors.proof_images !== undefined || uploads.problem !== null,
          }}
          onPick={() => {
            clearError('proof_images');
          }}
        />
        <p id={`${base}-proofs-hint`} className={styles.hint}>
          {t.proofsHint}
        </p>
        {uploads.problem && <p className={styles.error}>{uploads.problem}</p>}
        {errorOf('proof_images')}
      </div>

      <div className={styles.field}>
        <label className={styles.declaration}>
          <input
            type="checkbox"
            id={idOf('declaration')}
            checked={draft.declared}
            {...described('declaration')}
            onChange={(event) => {
              change('declared', 'declaration', event.target.checked);
            }}
          />
          <span>{t.declaration}</span>
        </label>
        {errorOf('declaration')}
      </div>

      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={pending || uploads.uploading}>
        {pending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
