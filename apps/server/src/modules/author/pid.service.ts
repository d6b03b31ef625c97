import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { conflict } from '../../lib/domain-error.ts';
import { authorMessages as t } from './author.messages.ts';
import { findPid, pidTakenByOther, updatePid } from './pid.repository.ts';

/** get/pid and set/pid: the signed-in user's personal id (decision 043). */
export function createPidService({ db }: { db: Kysely<Database> }) {
  return {
    async get(userId: string) {
      return { pid: await findPid(db, userId) };
    },

    async set(userId: string, pid: string) {
      if (await pidTakenByOther(db, userId, pid)) throw conflict(t.pidTaken, 'pid');
      try {
        await updatePid(db, userId, pid);
      } catch (error) {
        // Another user took it between the check and the write: the unique index refused it.
        if (await pidTakenByOther(db, userId, pid)) throw conflict(t.pidTaken, 'pid');
        throw error;
      }
      return { pid };
    },
  };
}
