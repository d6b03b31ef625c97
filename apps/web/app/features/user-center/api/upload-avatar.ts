import { uploadAvatar } from '@melon/shared/calls/user-center.calls';
import type { AvatarUploaded } from '@melon/shared/contracts/user-center';
import { uploadWithProgress } from '~/lib/upload-with-progress.ts';

/** The uploadAvatar call (multipart field `avatar`) with its upload progress. */
export function uploadAvatarWithProgress(
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<AvatarUploaded> {
  return uploadWithProgress(uploadAvatar, { field: 'avatar', file, onProgress });
}
