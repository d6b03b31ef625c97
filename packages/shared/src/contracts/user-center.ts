import Type, { type Static } from 'typebox';
import { MULTI_LINE_TEXT_PATTERN, SINGLE_LINE_TEXT_PATTERN } from '../display-text.ts';

/** Profile limits; also enforced by the server. */
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 20;
export const DESCRIPTION_MAX_LENGTH = 200;
/** A display name may change once in this many days. */
export const NAME_CHANGE_INTERVAL_DAYS = 30;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/**
 * updateUserInfo body (form or JSON): the fields given change, the others stay. Neither may hold
 * a hidden character (zero-width, bidirectional, control: `display-text.ts`).
 */
export const UpdateUserInfoBody = Type.Object({
  name: Type.Optional(
    Type.String({
      minLength: NAME_MIN_LENGTH,
      maxLength: NAME_MAX_LENGTH,
      pattern: SINGLE_LINE_TEXT_PATTERN,
    }),
  ),
  description: Type.Optional(
    Type.String({ maxLength: DESCRIPTION_MAX_LENGTH, pattern: MULTI_LINE_TEXT_PATTERN }),
  ),
});
export type UpdateUserInfoBody = Static<typeof UpdateUserInfoBody>;

/** getCanUpdateInfo data: whether the name may change now. */
export const CanUpdateInfo = Type.Object({
  can_update_name: Type.Boolean(),
  /** Seconds since the epoch when the name may next change, or null when it may now. */
  next_name_update_time: Type.Union([Type.Integer(), Type.Null()]),
});
export type CanUpdateInfo = Static<typeof CanUpdateInfo>;

/** uploadAvatar data: the new avatar's URL. */
export const AvatarUploaded = Type.Object({ avatar_url: Type.String() });
export type AvatarUploaded = Static<typeof AvatarUploaded>;

/** getIsLogout data. */
export const IsLogout = Type.Object({ is_logout: Type.Boolean() });
export type IsLogout = Static<typeof IsLogout>;
