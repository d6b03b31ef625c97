import { CSRF_HEADER } from '@melon/shared/api/constants';
import { uploadAvatar } from '@melon/shared/calls/user-center.calls';
import { buildUrl } from '@melon/shared/client/encode';
import { ApiError, RequestFailedError } from '@melon/shared/client/errors';
import type { AvatarUploaded } from '@melon/shared/contracts/user-center';
import { csrfToken } from '~/lib/browser-client.ts';

/** An avatar may take longer than the 10 s of other calls on a slow uplink. */
const UPLOAD_TIMEOUT_MS = 120_000;

interface WireEnvelope {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

/**
 * The uploadAvatar call (multipart field `avatar`) through XMLHttpRequest, whose upload events
 * give real progress (fetch has none), with the anti-forgery header.
 */
export function uploadAvatarWithProgress(
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<AvatarUploaded> {
  const url = buildUrl(location.origin, uploadAvatar.path);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(uploadAvatar.method, url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    const token = csrfToken();
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: WireEnvelope = {};
      try {
        body = JSON.parse(xhr.responseText) as WireEnvelope;
      } catch {
        // Not JSON: answered below from the status alone.
      }
      const code = typeof body.code === 'number' ? body.code : xhr.status;
      const message = typeof body.message === 'string' ? body.message : `HTTP ${xhr.status}`;
      if (xhr.status >= 200 && xhr.status < 300 && code === 200) {
        onProgress(1);
        resolve(body.data as AvatarUploaded);
      } else {
        reject(new ApiError({ code, status: xhr.status, message, data: body.data ?? null }));
      }
    });
    const fail = () => {
      reject(new RequestFailedError(url));
    };
    xhr.addEventListener('error', fail);
    xhr.addEventListener('timeout', fail);
    xhr.addEventListener('abort', fail);
    const form = new FormData();
    form.append('avatar', file);
    xhr.send(form);
  });
}
