import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { QrLoginStatus } from '@melon/db/tables/sign-in';
import type { ScanAction } from '@melon/shared/contracts/passport';
import { conflict, invalid, notFound } from '../../lib/domain-error.ts';
import { hashSecret, newSecretToken } from '../../security/secret-token.ts';
import { qrLoginMessages } from './qr-login.messages.ts';
import {
  collectQrLogin,
  deleteQrLoginsExpiredBefore,
  findQrLogin,
  insertQrLogin,
  transitionQrLogin,
  type QrLoginRow,
} from './qr-login.repository.ts';
import { approximatePlace, describeRequester, type RequesterDevice } from './requester-device.ts';

/** A code lives 120 s (decision 005): long enough to find a phone, short enough to be stale. */
export const QR_TTL_MS = 120_000;
/** Codes long past their expiry are swept at most this often, by the next code asked for. */
const SWEEP_INTERVAL_MS = 60_000;
const KEEP_EXPIRED_MS = 3600_000;
/** Of the requesting browser's User-Agent, this much is kept: more than any browser sends. */
const USER_AGENT_KEPT = 512;

export type QrAction = ScanAction;

export interface QrCheckResult {
  status: QrLoginStatus;
  /** The user to sign this browser in as: set only for the one check that collects the code. */
  signInUserId: string | null;
}

/** The browser asking for a code: what the phone that confirms it is shown of it. */
export interface QrRequest {
  webId: string;
  userAgent: string;
  ip: string;
}

export interface QrActResult {
  status: QrLoginStatus;
  /** Who is asking: answered to the scan, which the phone shows before confirming. */
  device?: RequesterDevice;
}

export interface QrLoginService {
  /** A new code for this browser; the token is shown once and stored only as a hash. */
  create(request: QrRequest): Promise<{ token: string; expiresInMs: number }>;
  /** The status for the browser that asked for the code; any other browser learns nothing. */
  check(token: string, webId: string): Promise<QrCheckResult>;
  /**
   * A signed-in phone scans, confirms or cancels; answers the new status. A confirm needs
   * `deviceChecked`: the user saw who is asking (the scan's answer) and says it is them.
   */
  act(
    token: string,
    userId: string,
    action: QrAction,
    deviceChecked: boolean,
  ): Promise<QrActResult>;
}

/** The status as the outside sees it: a collected or timed-out code is expired. */
function effectiveStatus(row: QrLoginRow, now: number): QrLoginStatus {
  if (row.consumed_at !== null || now >= row.expires_at) return 'expired';
  return row.status;
}

/** Why an action cannot apply to a code in this state. */
function refusal(row: QrLoginRow, status: QrLoginStatus, userId: string, action: QrAction) {
  if (status === 'expired') return conflict(qrLoginMessages.expired);
  if (status !== 'new' && row.user_id !== userId) return conflict(qrLoginMessages.scannedByOther);
  if (action === 'confirm' && status === 'new') return conflict(qrLoginMessages.notScanned);
  if (status === 'confirmed') return conflict(qrLoginMessages.alreadyConfirmed);
  return conflict(qrLoginMessages.changed);
}

/** The status an action moves a code from, given its current status. */
function moveFrom(action: QrAction, status: QrLoginStatus): QrLoginStatus | undefined {
  switch (action) {
    case 'scan':
      return status === 'new' ? 'new' : undefined;
    case 'confirm':
      return status === 'scanned' ? 'scanned' : undefined;
    case 'cancel':
      return status === 'expired' ? undefined : status;
  }
}

const TARGET: Record<QrAction, QrLoginStatus> = {
  scan: 'scanned',
  confirm: 'confirmed',
  cancel: 'expired',
};

export function createQrLoginService({ db }: { db: Kysely<Database> }): QrLoginService {
  let lastSweep = 0;

  return {
    async create({ webId, userAgent, ip }) {
      const now = Date.now();
      if (now - lastSweep > SWEEP_INTERVAL_MS) {
        lastSweep = now;
        await deleteQrLoginsExpiredBefore(db, now - KEEP_EXPIRED_MS);
      }
      const token = newSecretToken();
      await insertQrLogin(db, {
        tokenHash: hashSecret(token),
        webId,
        now,
        expiresAt: now + QR_TTL_MS,
        requesterUserAgent: userAgent.slice(0, USER_AGENT_KEPT),
        requesterPlace: approximatePlace(ip),
      });
      return { token, expiresInMs: QR_TTL_MS };
    },

    async check(token, webId) {
      const tokenHash = hashSecret(token);
      const row = await findQrLogin(db, tokenHash);
      if (!row || row.web_id !== webId) throw notFound(qrLoginMessages.unknown);
      const now = Date.now();
      const status = effectiveStatus(row, now);
      if (status !== 'confirmed') return { status, signInUserId: null };
      // Two polls in flight: only the one that collects the code signs in.
      if (!(await collectQrLogin(db, tokenHash, now))) {
        return { status: 'expired', signInUserId: null };
      }
      return { status, signInUserId: row.user_id };
    },

    async act(token, userId, action, deviceChecked) {
      if (action === 'confirm' && !deviceChecked) {
        throw invalid(qrLoginMessages.checkDevice, 'device_checked');
      }
      const tokenHash = hashSecret(token);
      const row = await findQrLogin(db, tokenHash);
      if (!row) throw notFound(qrLoginMessages.unknown);
      const now = Date.now();
      const status = effectiveStatus(row, now);
      const device = describeRequester(row.requester_user_agent, row.requester_place);
      if (action === 'scan' && status === 'scanned' && row.user_id === userId) {
        return { status, device };
      }
      const from = moveFrom(action, status);
      const mine = status === 'new' || row.user_id === userId;
      if (from === undefined || !mine) throw refusal(row, status, userId, action);
      const to = TARGET[action];
      if (!(await transitionQrLogin(db, { tokenHash, from, to, userId, now }))) {
        throw conflict(qrLoginMessages.changed);
      }
      return action === 'scan' ? { status: to, device } : { status: to };
    },
  };
}
