import type { SessionEntry, SessionList, SessionRevoked } from '@melon/shared/contracts/passport';
import type { Static } from 'typebox';
import { toSeconds } from '@melon/shared/format/timestamp';
import type { SessionRow } from './session.repository.ts';

/** A signed-in device as the user centre lists it; times in seconds (SPEC §9). */
export const presentSession = (
  row: SessionRow,
  currentIdHash: string | null,
): Static<typeof SessionEntry> => ({
  session_id: row.public_id,
  created_at: toSeconds(row.created_at),
  last_seen_at: toSeconds(row.last_seen_at),
  user_agent: row.user_agent,
  ip: row.ip,
  current: row.id === currentIdHash,
});

export const presentSessions = (
  rows: readonly SessionRow[],
  currentIdHash: string | null,
): SessionList => ({ list: rows.map((row) => presentSession(row, currentIdHash)) });

/** current: the revoked session was this browser's, now signed out. */
export const presentRevoked = (whose: 'current' | 'other'): SessionRevoked => ({
  current: whose === 'current',
});
