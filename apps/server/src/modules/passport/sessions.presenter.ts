import type { Static } from 'typebox';
import type { SessionEntry } from '@melon/shared/contracts/passport';
import { toSeconds } from '@melon/shared/format/timestamp';
import type { listUserSessions } from '../session/session.repository.ts';

type SessionRow = Awaited<ReturnType<typeof listUserSessions>>[number];

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
