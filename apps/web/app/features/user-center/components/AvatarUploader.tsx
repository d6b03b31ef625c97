import { useRef, useState, type ChangeEvent } from 'react';
import { PICTURE_ACCEPT, isPictureType } from '@melon/shared/contracts/picture';
import { AVATAR_MAX_BYTES } from '@melon/shared/contracts/user-center';
import { Avatar } from '~/components/ui/Avatar.tsx';
import { ProgressBar } from '~/components/ui/ProgressBar.tsx';
import { uploadAvatarWithProgress } from '~/features/user-center/api/upload-avatar.ts';
import { userCenterMessages as t } from '~/features/user-center/messages.ts';
import styles from './UserCenter.module.css';

interface AvatarUploaderProps {
  name: string;
  avatarUrl: string;
  /** The new avatar is stored: refresh what shows it. */
  onUploaded: () => void;
  onMessage: (message: string) => void;
}

/** The avatar with 更换头像: picks an image and uploads it with a real progress bar. */
export function AvatarUploader({ name, avatarUrl, onUploaded, onMessage }: AvatarUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isPictureType(file.type)) {
      setError(t.avatar.notImage);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t.avatar.tooLarge);
      return;
    }
    setError(null);
    setProgress(0);
    const local = URL.createObjectURL(file);
    setPreview(local);
    try {
      await uploadAvatarWithProgress(file, setProgress);
      onMessage(t.avatar.done);
      onUploaded();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t.failed);
    } finally {
      setProgress(null);
      setPreview(null);
      URL.revokeObjectURL(local);
    }
  }

  const percent = progress === null ? 0 : Math.round(progress * 100);
  const uploading = progress !== null;

  return (
    <div className={styles.avatarRow}>
      <div className={styles.avatarBox}>
        {preview ? (
          <img className={styles.avatarPreview} src={preview} alt="" width={88} height={88} />
        ) : (
          <Avatar name={name} url={avatarUrl} size={88} />
        )}
      </div>
      <div className={styles.avatarSide}>
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={uploading}
          onClick={() => input.current?.click()}
        >
          {t.avatar.change}
        </button>
        <input
          ref={input}
          type="file"
          accept={PICTURE_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t.avatar.change}
          onChange={(event) => void onChange(event)}
        />
        {uploading ? (
          <div className={styles.upload}>
            <ProgressBar className={styles.track} label={t.avatar.progress} percent={percent} />
            <span className={styles.uploadLabel}>
              {percent < 100 ? t.avatar.uploading(percent) : t.avatar.processing}
            </span>
          </div>
        ) : (
          <p className={error ? styles.fieldError : styles.hint} role={error ? 'alert' : undefined}>
            {error ?? t.avatar.hint}
          </p>
        )}
      </div>
    </div>
  );
}
