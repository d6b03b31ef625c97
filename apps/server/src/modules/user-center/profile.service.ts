import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { lockUser } from '@melon/db/lock-user';
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_CHANGE_INTERVAL_DAYS,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
} from '@melon/shared/contracts/user-center';
import { conflict, DomainError, invalid } from '../../lib/domain-error.ts';
import { isMultiLineText, isSingleLineText } from '@melon/shared/display-text';
import { codePointLength } from '@melon/shared/format/code-point-length';
import {
  findProfile,
  isNameTaken,
  updateProfile,
  type ProfileChange,
} from './profile.repository.ts';
import { userCenterMessages } from './user-center.messages.ts';

export const NAME_CHANGE_INTERVAL_MS = NAME_CHANGE_INTERVAL_DAYS * 24 * 3600_000;

/** YYYY-MM-DD in China time, the dates the user centre shows. */
const chinaDate = (ms: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(ms);

function cleanName(raw: string): string {
  const name = raw.trim();
  if (!isSingleLineText(name)) throw invalid(userCenterMessages.nameCharacters, 'name');
  const length = codePointLength(name);
  if (length < NAME_MIN_LENGTH || length > NAME_MAX_LENGTH) {
    throw invalid(userCenterMessages.nameLength, 'name');
  }
  return name;
}

function cleanDescription(raw: string): string {
  const description = raw.replaceAll('\r\n', '\n').trim();
  if (!isMultiLineText(description)) {
    throw invalid(userCenterMessages.descriptionCharacters, 'description');
  }
  if (codePointLength(description) > DESCRIPTION_MAX_LENGTH) {
    throw invalid(userCenterMessages.descriptionLength, 'description');
  }
  return description;
}

export interface ProfileServiceDeps {
  db: Kysely<Database>;
}

export interface ProfileService {
  /** When the name may next change (milliseconds), or null when it may now. */
  nextNameChange(userId: string, now: number): Promise<number | null>;
  /** Checks every field before writing any: a refused update changes nothing. */
  update(userId: string, change: ProfileChange, now: number): Promise<void>;
}

export function createProfileService({ db }: ProfileServiceDeps): ProfileService {
  const nameChangeAfter = (nameUpdatedAt: number | null | undefined): number | null =>
    nameUpdatedAt == null ? null : nameUpdatedAt + NAME_CHANGE_INTERVAL_MS;

  return {
    async nextNameChange(userId, now) {
      const profile = await findProfile(db, userId);
      const next = nameChangeAfter(profile?.name_updated_at);
      return next === null || next <= now ? null : next;
    },

    async update(userId, change, now) {
      if (change.name === undefined && change.description === undefined) {
        throw invalid(userCenterMessages.nothingToUpdate);
      }
      const name = change.name === undefined ? undefined : cleanName(change.name);
      const description =
        change.description === undefined ? undefined : cleanDescription(change.description);

      const write: ProfileChange = {};
      try {
        // The rules are checked and the change written in one transaction holding the user's
        // row: two changes at the same moment run one after the other, so the second sees the
        // first's name change and the once-a-month rule holds.
        await inTransaction(db, async (trx) => {
          await lockUser(trx, userId);
          const profile = await findProfile(trx, userId);
          if (!profile) throw new Error(`user ${userId} not found`);
          if (name !== undefined && name !== profile.name) {
            const next = nameChangeAfter(profile.name_updated_at);
            if (next !== null && next > now) {
              throw invalid(userCenterMessages.nameTooSoon(chinaDate(next)), 'name');
            }
            if (await isNameTaken(trx, name, userId)) {
              throw conflict(userCenterMessages.nameTaken, 'name');
            }
            write.name = name;
          }
          if (description !== undefined) write.description = description;
          if (Object.keys(write).length === 0) return;
          await updateProfile(trx, userId, write, now);
        });
      } catch (error) {
        // Someone else took the name between the check and the write.
        if (
          !(error instanceof DomainError) &&
          write.name !== undefined &&
          (await isNameTaken(db, write.name, userId))
        ) {
          throw conflict(userCenterMessages.nameTaken, 'name');
        }
        throw error;
      }
    },
  };
}
