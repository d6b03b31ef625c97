import { useState } from 'react';
import type { Channel } from '@melon/shared/contracts/channel';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@melon/shared/contracts/publish';
import { usePendingUploads } from '~/features/publish/hooks/use-pending-uploads.ts';
import {
  startingUploadState,
  useResumableUpload,
} from '~/features/publish/hooks/use-resumable-upload.ts';
import { FilePicker } from './FilePicker.tsx';
import { PendingUploads } from './PendingUploads.tsx';
import styles from './Publish.module.css';
import { PublishForm } from './PublishForm.tsx';
import { TranscodeStatus } from './TranscodeStatus.tsx';
import { UploadCard } from './UploadCard.tsx';

interface PublishPageProps {
  userId: string;
  /** The channels a video may be published in. */
  channels: readonly Channel[];
}

/**
 * 发布视频: pick a file, watch it upload (it survives a dropped connection and a reload), fill
 * in the details meanwhile, publish, then watch it transcode until it can be watched.
 */
export function PublishPage({ userId, channels }: PublishPageProps) {
  const upload = useResumableUpload(userId);
  const [file, setFile] = useState<File | null>(null);
  const [itemId, setItemId] = useState<string | null>(null);
  const { pending, discard } = usePendingUploads(userId, upload.state?.phase ?? file);

  if (itemId) {
    return (
      <div className={styles.page}>
        <TranscodeStatus
          itemId={itemId}
          onAnother={() => {
            setItemId(null);
            setFile(null);
          }}
        />
      </div>
    );
  }

  if (!file) {
    return (
      <div className={styles.page}>
        <FilePicker
          maxBytes={DEFAULT_UPLOAD_MAX_BYTES}
          onPick={(picked) => {
            setFile(picked);
            void upload.start(picked);
          }}
        />
        <PendingUploads uploads={pending} onDiscard={(entry) => void discard(entry)} />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <UploadCard
        state={upload.state ?? startingUploadState(file)}
        onPause={upload.pause}
        onResume={upload.resume}
        onCancel={() => {
          setFile(null);
          void upload.cancel();
        }}
      />
      <PublishForm
        key={`${file.name}:${file.size}:${file.lastModified}`}
        file={file}
        uploadId={upload.state?.phase === 'done' ? upload.state.uploadId : null}
        channels={channels}
        onPublished={(id) => {
          void upload.forget();
          setItemId(id);
        }}
      />
    </div>
  );
}
