import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_CHANGE_INTERVAL_DAYS,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  type CanUpdateInfo,
} from '@melon/shared/contracts/user-center';
import { toSeconds } from '@melon/shared/format/timestamp';
import { badRequest, conflict } from '../../http/api-error.ts';
import { codePointLength } from '@melon/shared/format/code-point-length';
import {
  findProfile,
  isNameTaken,
  updateProfile,
  type ProfileChange,
} from './profile.repository.ts';
import { userCenterMessages } from './user-center.messages.ts';

export const NAME_CHANGE_INTERVAL_MS = NAME_CHANGE_INTERVAL_DAYS * 24 * 3600_000;

/** Control characters and line or paragraph separators: never in a name. */
const NAME_FORBIDDEN = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** A description may break lines; no other control character. */
const DESCRIPTION_FORBIDDEN = /[^\P{Cc}\n]|[\p{Zl}\p{Zp}]/u;

/** YYYY-MM-DD in China time, the dates the user centre shows. */
const chinaDate = (ms: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(ms);

function cleanName(raw: string): string {
  const name = raw.trim();
  if (NAME_FORBIDDEN.test(name)) throw badRequest(userCenterMessages.nameCharacters, 'name');
  const length = codePointLength(name);
  if (length < NAME_MIN_LENGTH || length > NAME_MAX_LENGTH) {
    throw badRequest(userCenterMessages.nameLength, 'name');
  }
  return name;
}

function cleanDescription(raw: string): string {
  const description = raw.replaceAll('\r\n', '\n').trim();
  if (DESCRIPTION_FORBIDDEN.test(description)) {
    throw badRequest(userCenterMessages.descriptionCharacters, 'description');
  }
  if (codePointLength(description) > DESCRIPTION_MAX_LENGTH) {
    throw badRequest(userCenterMessages.descriptionLength, 'description');
  }
  return description;
}

export interface ProfileService {
  canUpdate(userId: string, now: number): Promise<CanUpdateInfo>;
  /** Checks every field before writing any: a refused update changes nothing. */
  update(userId: string, change: ProfileChange, now: number): Promise<void>;
}

export function createProfileService(db: Kysely<Database>): ProfileService {
  const nextNameChange = (nameUpdatedAt: number | null | undefined): number | null =>
    nameUpdatedAt == null ? null : nameUpdatedAt + NAME_CHANGE_INTERVAL_MS;

  return {
    async canUpdate(userId, now) {
      const profile = await findProfile(db, userId);
      const next = nextNameChange(profile?.name_updated_at);
      const can = next === null || next <= now;
      return { can_update_name: can, next_name_update_time: can ? null : toSeconds(next) };
    },

    async update(userId, change, now) {
      if (change.name === undefined && change.description === undefined) {
        throw badRequest(userCenterMessages.nothingToUpdate);
      }
      const profile = await findProfile(db, userId);
      if (!profile) throw new Error(`user ${userId} not found`);
      const name = change.name === undefined ? undefined : cleanName(change.name);
      const description =
        change.description === undefined ? undefined : cleanDescription(change.description);

      const write: ProfileChange = {};
      if (name !== undefined && name !== profile.name) {
        const next = nextNameChange(profile.name_updated_at);
        if (next !== null && next > now) {
          throw badRequest(userCenterMessages.nameTooSoon(chinaDate(next)), 'name');
        }
        if (await isNameTaken(db, name, userId)) {
          throw conflict(userCenterMessages.nameTaken, 'name');
        }
        write.name = name;
      }
      if (description !== undefined) write.description = description;
      if (Object.keys(write).length === 0) return;
      try {
        await updateProfile(db, userId, write, now);
      } catch (error) {
        // Someone took the name between the check and the write.
        if (write.name !== undefined && (await isNameTaken(db, write.name, userId))) {
          throw conflict(userCenterMessages.nameTaken, 'name');
        }
        throw error;
      }
    },
  };
}
