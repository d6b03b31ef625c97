import { useCallback, useEffect, useState } from 'react';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { UPLOAD_TTL_MS } from '@melon/shared/contracts/publish';
import { csrfToken } from '~/lib/browser-client.ts';
import { storageKeyPrefix } from '../upload-fingerprint.ts';

/** An upload this browser started for the user and has not published. */
export interface PendingUpload {
  key: string;
  fileName: string;
  size: number;
  uploadUrl: string;
}

/**
 * The user's unpublished uploads remembered in this browser (tus-js-client's localStorage
 * entries), so the page can say that picking the same file again resumes it. Entries past the
 * server's expiry are dropped on sight; `discard` deletes one on the server too.
 */
export function usePendingUploads(userId: string, refreshKey: unknown) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    void readPending(userId).then((found) => {
      if (current) setPending(found);
    });
    return () => {
      current = false;
    };
  }, [userId, refreshKey, version]);

  const discard = useCallback(async (upload: PendingUpload) => {
    const { Upload, defaultOptions } = await import('tus-js-client');
    // Already gone or finished on the server: only the local entry is left to remove.
    await Upload.terminate(upload.uploadUrl, {
      headers: { [CSRF_HEADER]: csrfToken() ?? '' },
      retryDelays: null,
    }).catch(() => undefined);
    await defaultOptions.urlStorage.removeUpload(upload.key);
    setVersion((value) => value + 1);
  }, []);

  return { pending, discard };
}

async function readPending(userId: string): Promise<PendingUpload[]> {
  const { defaultOptions } = await import('tus-js-client');
  const storage = defaultOptions.urlStorage;
  const prefix = storageKeyPrefix(userId);
  const found: PendingUpload[] = [];
  for (const entry of await storage.findAllUploads()) {
    if (!entry.urlStorageKey.startsWith(prefix)) continue;
    const created = Date.parse(entry.creationTime);
    if (!entry.uploadUrl || !(Date.now() - created < UPLOAD_TTL_MS)) {
      await storage.removeUpload(entry.urlStorageKey);
      continue;
    }
    found.push({
      key: entry.urlStorageKey,
      fileName: entry.metadata.filename ?? '',
      size: entry.size ?? 0,
      uploadUrl: entry.uploadUrl,
    });
  }
  return found;
}
