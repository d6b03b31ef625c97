import { useId, useState } from 'react';
import { uploadStudioCover } from '@melon/shared/calls/studio.calls';
import { ApiError } from '@melon/shared/client/errors';
import type { StudioVideo } from '@melon/shared/contracts/studio';
import { uploadWithProgress } from '~/lib/upload-with-progress.ts';
import { PICTURE_ACCEPT } from '@melon/shared/contracts/picture';
import { studioVideoMessages as t } from '../video-messages.ts';
import frame from './Studio.module.css';
import styles from './StudioVideos.module.css';

interface CoverUploadProps {
  video: StudioVideo;
  notify: (message: string) => void;
  onChanged: () => void;
}

/** 封面: the current cover, and 上传新封面 once the video has finished transcoding. */
export function CoverUpload({ video, notify, onChanged }: CoverUploadProps) {
  const id = useId();
  const [percent, setPercent] = useState<number | null>(null);

  const upload = async (file: File) => {
    setPercent(0);
    try {
      await uploadWithProgress(uploadStudioCover, {
        field: 'cover',
        file,
        query: { item_id: video.item_id },
        onProgress: (fraction) => {
          setPercent(Math.round(fraction * 100));
        },
      });
      notify(t.cover.done);
      onChanged();
    } catch (error) {
      notify(error instanceof ApiError && error.message ? error.message : t.failed);
    } finally {
      setPercent(null);
    }
  };

  return (
    <div className={styles.coverEdit}>
      <div className={styles.cover}>
        {video.cover_url && <img src={video.cover_url} alt={t.cover.current} />}
      </div>
      {video.state === 'ready' ? (
        <label htmlFor={id} className={`${frame.button} ${styles.coverButton}`}>
          {percent === null ? t.cover.upload : t.cover.uploading(percent)}
          <input
            id={id}
            type="file"
            accept={PICTURE_ACCEPT}
            className="visually-hidden"
            disabled={percent !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        </label>
      ) : (
        <p className={frame.note}>{t.cover.notReady}</p>
      )}
      <p className={frame.note}>{t.cover.hint}</p>
    </div>
  );
}
