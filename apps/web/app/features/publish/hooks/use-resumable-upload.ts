import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload } from 'tus-js-client';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { UPLOAD_CHUNK_BYTES, UPLOAD_ENDPOINT } from '@melon/shared/contracts/publish';
import { csrfToken } from '~/lib/browser-client.ts';
import { createTransferRate } from '../transfer-rate.ts';
import { uploadErrorMessage, worthRetrying } from '../upload-error.ts';
import { uploadFingerprint, uploadIdOf } from '../upload-fingerprint.ts';

/** Waits between automatic retries while the browser believes it is online. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

export type UploadPhase = 'uploading' | 'retrying' | 'offline' | 'paused' | 'done' | 'failed';

export interface UploadState {
  fileName: string;
  phase: UploadPhase;
  sent: number;
  total: number;
  /** Bytes per second over the last few seconds. */
  rate: number;
  /** True when this upload picked up bytes sent before (a reload, another visit). */
  resumed: boolean;
  /** The server's id of the upload, once its URL is known. */
  uploadId: string | null;
  error: string | null;
}

/** A fresh upload of the file, nothing sent yet; the card shows it from the pick on. */
export const startingUploadState = (file: File): UploadState => ({
  fileName: file.name,
  phase: 'uploading',
  sent: 0,
  total: file.size,
  rate: 0,
  resumed: false,
  uploadId: null,
  error: null,
});

export interface ResumableUpload {
  state: UploadState | null;
  start: (file: File) => Promise<void>;
  pause: () => void;
  resume: () => void;
  /** Stops and deletes the upload on the server. */
  cancel: () => Promise<void>;
  /** The upload was published: forget its stored URL, so nothing offers to resume it. */
  forget: () => Promise<void>;
}

/**
 * A tus upload of one file at a time: chunked, retried on its own after a network failure,
 * waiting for the `online` event while the browser is offline, and resumable after a reload
 * (tus-js-client keeps the upload URL in localStorage under the user's fingerprint).
 */
export function useResumableUpload(userId: string): ResumableUpload {
  const [state, setState] = useState<UploadState | null>(null);
  const upload = useRef<Upload | null>(null);
  const rate = useRef(createTransferRate());
  const fingerprint = useRef<string | null>(null);
  /** tus-js-client gave up (onError) and waits to be started again. */
  const stopped = useRef(false);

  const update = useCallback((patch: Partial<UploadState>) => {
    setState((current) => (current ? { ...current, ...patch } : current));
  }, []);

  const restart = useCallback(() => {
    if (!upload.current || !stopped.current) return;
    stopped.current = false;
    rate.current.reset();
    update({ phase: 'uploading', error: null, rate: 0 });
    upload.current.start();
  }, [update]);

  useEffect(() => {
    const offline = () => {
      setState((current) =>
        current && (current.phase === 'uploading' || current.phase === 'retrying')
          ? { ...current, phase: 'offline', rate: 0 }
          : current,
      );
    };
    // Back online: an upload that gave up starts again from the offset the server reports.
    const online = () => {
      restart();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [restart]);

  useEffect(
    () => () => {
      void upload.current?.abort();
    },
    [],
  );

  const start = useCallback(
    async (file: File) => {
      await upload.current?.abort();
      const { Upload, defaultOptions } = await import('tus-js-client');
      const print = uploadFingerprint(userId, file);
      fingerprint.current = print;
      stopped.current = false;
      rate.current.reset();
      setState(startingUploadState(file));
      const next: Upload = new Upload(file, {
        endpoint: new URL(UPLOAD_ENDPOINT, location.origin).href,
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { filename: file.name, filetype: file.type },
        headers: { [CSRF_HEADER]: csrfToken() ?? '' },
        fingerprint: () => Promise.resolve(print),
        storeFingerprintForResuming: true,
        // Kept until published, so a reload between upload and publish does not upload again.
        removeFingerprintOnSuccess: false,
        urlStorage: defaultOptions.urlStorage,
        onUploadUrlAvailable: () => {
          update({ uploadId: next.url ? uploadIdOf(next.url) : null });
        },
        onShouldRetry: (error) => {
          const retry = worthRetrying(error, navigator.onLine);
          if (retry) update({ phase: 'retrying', rate: 0 });
          return retry;
        },
        onProgress: (sent, total) => {
          const bytesPerSecond = rate.current.sample(performance.now(), sent);
          setState((current) =>
            current
              ? {
                  ...current,
                  sent,
                  total,
                  rate: bytesPerSecond,
                  phase: current.phase === 'paused' ? 'paused' : 'uploading',
                }
              : current,
          );
        },
        onSuccess: () => {
          update({
            phase: 'done',
            sent: file.size,
            rate: 0,
            uploadId: next.url ? uploadIdOf(next.url) : null,
          });
        },
        onError: (error) => {
          stopped.current = true;
          if (!navigator.onLine) update({ phase: 'offline', rate: 0 });
          else update({ phase: 'failed', rate: 0, error: uploadErrorMessage(error) });
        },
      });
      upload.current = next;
      const previous = await next.findPreviousUploads();
      const latest = previous.sort(
        (a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime),
      )[0];
      if (latest) {
        next.resumeFromPreviousUpload(latest);
        update({ resumed: true });
      }
      next.start();
    },
    [userId, update],
  );

  const pause = useCallback(() => {
    stopped.current = true;
    void upload.current?.abort();
    update({ phase: 'paused', rate: 0 });
  }, [update]);

  const cancel = useCallback(async () => {
    const current = upload.current;
    upload.current = null;
    setState(null);
    await current?.abort(true).catch(() => undefined);
  }, []);

  const forget = useCallback(async () => {
    const print = fingerprint.current;
    if (!print) return;
    const { defaultOptions } = await import('tus-js-client');
    const stored = await defaultOptions.urlStorage.findUploadsByFingerprint(print);
    await Promise.all(
      stored.flatMap((entry) =>
        entry.urlStorageKey ? [defaultOptions.urlStorage.removeUpload(entry.urlStorageKey)] : [],
      ),
    );
  }, []);

  return { state, start, pause, resume: restart, cancel, forget };
}
