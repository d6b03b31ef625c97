import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { forbidden, notFound } from '../../lib/domain-error.ts';
import { findUploadProgress, type UploadProgressRow } from './upload-progress.repository.ts';
import { uploadProgressMessages as messages } from './upload-progress.messages.ts';

export interface UploadProgressServiceDeps {
  db: Kysely<Database>;
}

export function createUploadProgressService({ db }: UploadProgressServiceDeps) {
  return {
    /** The author's view of an uploaded video: 404 for anything else, 403 for someone else's. */
    async read(userId: string, itemId: string): Promise<UploadProgressRow> {
      const row = await findUploadProgress(db, itemId);
      if (!row?.media_state) throw notFound(messages.notFound);
      if (row.user_id !== userId) throw forbidden(messages.notAuthor);
      return row;
    },
  };
}
