import { useEffect, useState } from 'react';
import { uploadCommentImage } from '@melon/shared/calls/comment-image.calls';
import type { CommentImageUploaded } from '@melon/shared/contracts/comment-image';
import { ApiError } from '@melon/shared/client/errors';
import { uploadWithProgress } from '~/lib/upload-with-progress.ts';
import { imageFileProblem } from '../comment-image.ts';
import { commentMessages as t } from '../messages.ts';

export type ImageAttachment =
  | { state: 'none' }
  /** Being sent: the local preview and how much has left, 0 to 1. */
  | { state: 'uploading'; preview: string; progress: number }
  | { state: 'ready'; uploaded: CommentImageUploaded };

export interface ImageAttachmentControl {
  attachment: ImageAttachment;
  /** Why the last picked file was refused, or null. */
  problem: string | null;
  /** Checks the file and uploads it with its progress (POST /spice/image?sk=xg_pc). */
  attach: (file: File) => void;
  /** Drops the picture (an upload under way is ignored when it ends). */
  clear: () => void;
}

/** The composer's one picture: checked, uploaded with a progress bar, then sent as image_info. */
export function useImageAttachment(): ImageAttachmentControl {
  const [attachment, setAttachment] = useState<ImageAttachment>({ state: 'none' });
  const [problem, setProblem] = useState<string | null>(null);
  const preview = attachment.state === 'uploading' ? attachment.preview : null;

  // The local preview's object URL lives as long as the upload it shows.
  useEffect(() => {
    if (!preview) return;
    return () => {
      URL.revokeObjectURL(preview);
    };
  }, [preview]);

  const attach = (file: File) => {
    const refused = imageFileProblem(file);
    setProblem(refused);
    if (refused) return;
    const local = URL.createObjectURL(file);
    setAttachment({ state: 'uploading', preview: local, progress: 0 });
    // Only the upload that is still shown may change what shows.
    const update = (next: ImageAttachment) => {
      setAttachment((shown) =>
        shown.state === 'uploading' && shown.preview === local ? next : shown,
      );
    };
    uploadWithProgress(uploadCommentImage, {
      field: 'image',
      file,
      query: { sk: 'xg_pc' },
      onProgress: (progress) => {
        update({ state: 'uploading', preview: local, progress });
      },
    }).then(
      (uploaded) => {
        update({ state: 'ready', uploaded });
      },
      (error: unknown) => {
        update({ state: 'none' });
        // The upload's refusals (a 401 included) are shown here, in the server's words.
        setProblem(error instanceof ApiError && error.message ? error.message : t.failed);
      },
    );
  };

  return {
    attachment,
    problem,
    attach,
    clear: () => {
      setAttachment({ state: 'none' });
      setProblem(null);
    },
  };
}
