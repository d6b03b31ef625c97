import { useState } from 'react';
import { revokeSession } from '@melon/shared/calls/passport.calls';
import { formatRelativeTime } from '@melon/shared/format/relative-time';
import { toMilliseconds } from '@melon/shared/format/timestamp';
import type { SessionList as Sessions } from '@melon/shared/contracts/passport';
import { ApiError } from '@melon/shared/client/errors';
import { deviceName, formatDateTime } from '~/features/user-center/device-name.ts';
import { userCenterMessages as t } from '~/features/user-center/messages.ts';
import { browserClient } from '~/lib/browser-client.ts';
import styles from './UserCenter.module.css';

interface SessionListProps {
  sessions: Sessions;
  nowMs: number;
  /** A device was signed out: refresh the list. */
  onChanged: () => Promise<void>;
  notify: (message: string) => void;
}

/** 登录设备: every session of the account, the current one marked, the others with 下线. */
export function SessionList({ sessions, nowMs, onChanged, notify }: SessionListProps) {
  const [busy, setBusy] = useState<string | null>(null);

  async function revoke(sessionId: string) {
    if (busy) return;
    setBusy(sessionId);
    try {
      await browserClient().call(revokeSession, { session_id: sessionId });
      notify(t.devices.revoked);
      await onChanged();
    } catch (error) {
      notify(error instanceof ApiError && error.message ? error.message : t.failed);
    } finally {
      setBusy(null);
    }
  }

  if (sessions.list.length === 0) return <p className={styles.hint}>{t.devices.empty}</p>;
  // This device first, then the others as the server ordered them (most recently active first).
  const ordered = [...sessions.list].sort((a, b) => Number(b.current) - Number(a.current));

  return (
    <>
      <p className={styles.intro}>{t.devices.intro}</p>
      <ul className={styles.sessions}>
        {ordered.map((session) => {
          const name = deviceName(session.user_agent);
          return (
            <li key={session.session_id} className={styles.session}>
              <div className={styles.sessionMain}>
                <p className={styles.sessionName}>
                  {name}
                  {session.current && (
                    <span className={styles.currentTag}>{t.devices.current}</span>
                  )}
                </p>
                <p className={styles.sessionMeta}>
                  <span>
                    {t.devices.lastSeen(
                      formatRelativeTime(toMilliseconds(session.last_seen_at), nowMs),
                    )}
                  </span>
                  <span>
                    {t.devices.signedInAt(formatDateTime(toMilliseconds(session.created_at)))}
                  </span>
                  {session.ip && <span>{t.devices.ip(session.ip)}</span>}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className={styles.secondaryButton}
                  disabled={busy !== null}
                  aria-label={`${t.devices.revoke} ${name}`}
                  onClick={() => void revoke(session.session_id)}
                >
                  {t.devices.revoke}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
