/** SPEC §5: 16 to 26 digits, not starting with 0. */
const MIX_ID = /^[1-9][0-9]{15,25}$/;
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
