/**
 * SPEC §5: 16 to 26 digits, not starting with 0. Melon's own ids (19 digits) are mix ids: items,
 * uploads, users. As a pattern string for TypeBox schemas.
 */
export const MIX_ID_PATTERN = '^[1-9][0-9]{15,25}$';
const MIX_ID = new RegExp(MIX_ID_PATTERN);
/** SPEC §5: numeric, not starting with 0; capped at the mix-id length. */
const USER_ID = /^[1-9][0-9]{0,25}$/;

/** A video or series id as it appears in /:mixId and /iframe/:mixId. */
export function isMixId(s: string): boolean {
  return MIX_ID.test(s);
}

/** A gid as in /toplay/:gid: the same rule as a mix id. */
export function isGid(s: string): boolean {
  return MIX_ID.test(s);
}

/** A user id as in /home/:to_user_id and /user_playlist/:userId. */
export function isUserId(s: string): boolean {
  return USER_ID.test(s);
}
