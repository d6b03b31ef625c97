import { useState, type SubmitEvent } from 'react';
import { updateUserInfo } from '@melon/shared/calls/user-center.calls';
import { ApiError } from '@melon/shared/client/errors';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  type CanUpdateInfo,
  type UpdateUserInfoBody,
} from '@melon/shared/contracts/user-center';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { CountedBox, FormField } from '~/components/ui/FormField.tsx';
import { AvatarUploader } from '~/features/user-center/components/AvatarUploader.tsx';
import { formatDate } from '~/features/user-center/device-name.ts';
import { userCenterMessages as t } from '~/features/user-center/messages.ts';
import { browserClient } from '~/lib/browser-client.ts';
import styles from './UserCenter.module.css';

interface ProfileFormProps {
  account: AccountInfo;
  canUpdate: CanUpdateInfo;
  /** Saved: refresh the page's data (the header shows the name and avatar). */
  onSaved: () => Promise<void>;
  notify: (message: string) => void;
}

/** 个人资料: avatar, name (within its change interval) and description, with their limits. */
export function ProfileForm({ account, canUpdate, onSaved, notify }: ProfileFormProps) {
  const [name, setName] = useState(account.name);
  const [description, setDescription] = useState(account.description);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const nameLocked = !canUpdate.can_update_name;
  const nameNote =
    nameLocked && canUpdate.next_name_update_time !== null
      ? t.name.locked(formatDate(canUpdate.next_name_update_time * 1000))
      : t.name.rule;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const body: UpdateUserInfoBody = {};
    const trimmedName = name.trim();
    if (!nameLocked && trimmedName !== account.name) {
      if (
        codePointLength(trimmedName) < NAME_MIN_LENGTH ||
        codePointLength(trimmedName) > NAME_MAX_LENGTH
      ) {
        setMessage({ error: true, text: t.name.tooShort });
        return;
      }
      body.name = trimmedName;
    }
    if (description !== account.description) body.description = description;
    if (Object.keys(body).length === 0) {
      setMessage({ error: false, text: t.unchanged });
      return;
    }
    setPending(true);
    setMessage(null);
    try {
      await browserClient().call(updateUserInfo, body);
      // The form starts over with the saved values (its key changes); the toast says it worked.
      notify(t.saved);
      await onSaved();
    } catch (error) {
      setMessage({
        error: true,
        text: error instanceof ApiError && error.message ? error.message : t.failed,
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={styles.profile}>
      <AvatarUploader
        name={account.name}
        avatarUrl={account.avatar_url}
        onUploaded={() => void onSaved()}
        onMessage={notify}
      />
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <FormField label={t.name.label} htmlFor="profile-name">
          <CountedBox length={codePointLength(name)} max={NAME_MAX_LENGTH}>
            <input
              id="profile-name"
              className={styles.input}
              value={name}
              maxLength={NAME_MAX_LENGTH}
              placeholder={t.name.placeholder}
              disabled={nameLocked}
              aria-describedby="profile-name-note"
              onChange={(event) => {
                setName(event.target.value);
              }}
            />
          </CountedBox>
          <p id="profile-name-note" className={styles.hint}>
            {nameNote}
          </p>
        </FormField>
        <FormField label={t.description.label} htmlFor="profile-description">
          <CountedBox length={codePointLength(description)} max={DESCRIPTION_MAX_LENGTH}>
            <textarea
              id="profile-description"
              className={styles.textarea}
              value={description}
              maxLength={DESCRIPTION_MAX_LENGTH}
              placeholder={t.description.placeholder}
              rows={4}
              onChange={(event) => {
                setDescription(event.target.value);
              }}
            />
          </CountedBox>
        </FormField>
        <FormField label={t.mobile}>
          <p className={styles.value}>{account.mobile ?? t.notBound}</p>
        </FormField>
        <FormField label={t.email}>
          <p className={styles.value}>{account.email ?? t.notBound}</p>
        </FormField>
        <FormField>
          <p
            className={message?.error ? styles.fieldError : styles.saved}
            role={message?.error ? 'alert' : 'status'}
          >
            {message?.text}
          </p>
          <button type="submit" className={styles.primaryButton} disabled={pending}>
            {pending ? t.saving : t.save}
          </button>
        </FormField>
      </form>
    </div>
  );
}
