import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { notFound } from '../../lib/domain-error.ts';
import { sessionMessages } from './session.messages.ts';
import {
  deleteUserSessionByPublicId,
  listUserSessions,
  type SessionRow,
} from './session.repository.ts';

export interface SessionService {
  /** The user's live sessions, last seen first. */
  list(userId: string): Promise<SessionRow[]>;
  /**
   * Ends one of the user's sessions by its public id. The caller's own session is left to the
   * caller, who signs the browser out with it ('current'); another user's is not found.
   */
  revoke(
    userId: string,
    publicId: string,
    currentIdHash: string | null,
  ): Promise<'current' | 'other'>;
}

/** The signed-in devices of a user (the user centre). */
export function createSessionService({ db }: { db: Kysely<Database> }): SessionService {
  return {
    list: (userId) => listUserSessions(db, userId, Date.now()),

    async revoke(userId, publicId, currentIdHash) {
      const sessions = await listUserSessions(db, userId, Date.now());
      const current = sessions.find((session) => session.id === currentIdHash);
      if (current?.public_id === publicId) return 'current';
      if (!(await deleteUserSessionByPublicId(db, userId, publicId))) {
        throw notFound(sessionMessages.notFound);
      }
      return 'other';
    },
  };
}
