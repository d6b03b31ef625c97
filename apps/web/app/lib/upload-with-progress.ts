import { CSRF_HEADER } from '@melon/shared/api/constants';
import type { CallDeclaration, CallOutput } from '@melon/shared/calls/call';
import { buildUrl } from '@melon/shared/client/encode';
import { ApiError, RequestFailedError } from '@melon/shared/client/errors';
import { csrfToken } from '~/lib/browser-client.ts';

/** A picture may take longer than the 10 s of other calls on a slow uplink. */
const UPLOAD_TIMEOUT_MS = 120_000;

interface WireEnvelope {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

export interface UploadOptions {
  /** The multipart field the file travels in. */
  field: string;
  file: Blob;
  /** The call's query, when it has one. */
  query?: Readonly<Record<string, unknown>>;
  /** Text fields sent before the file, when the call takes some. */
  fields?: Readonly<Record<string, string>>;
  /** 0 to 1 as the bytes leave; 1 once the server has answered. */
  onProgress: (fraction: number) => void;
}

/**
 * A declared multipart call with one file, through XMLHttpRequest, whose upload events give real
 * progress (fetch has none), with the anti-forgery header. Answers the call's `data`; a refusal
 * (401 included) rejects with an ApiError carrying the server's message.
 */
export function uploadWithProgress<D extends CallDeclaration>(
  call: D,
  { field, file, query, fields = {}, onProgress }: UploadOptions,
): Promise<CallOutput<D>> {
  const url = buildUrl(location.origin, call.path, query);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(call.method, url);
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
        resolve(body.data as CallOutput<D>);
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
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, file);
    xhr.send(form);
  });
}
