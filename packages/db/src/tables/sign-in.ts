import type { Generated } from 'kysely';

/* Row types of signing in: sessions, codes, captchas, QR logins (migration 2026-11-22-002). */

export interface SessionsTable {
  /** SHA-256 (hex) of the session cookie's token. */
  id: string;
  public_id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: Generated<string>;
  ip: Generated<string>;
}

export type CodeChannel = 'sms' | 'email';

export type CodePurpose = 'login' | 'register' | 'reset';

export interface VerificationCodesTable {
  id: string;
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: Generated<number>;
  consumed_at: number | null;
}

export interface AuthFailuresTable {
  /** 'account:<account>' or 'ip:<address>'. */
  key: string;
  failures: number;
  window_started_at: number;
}

export interface CaptchaSolutionsTable {
  signature: string;
  expires_at: number;
}

export type QrLoginStatus = 'new' | 'scanned' | 'confirmed' | 'expired';

export interface QrLoginsTable {
  /** SHA-256 (hex) of the token shown in the QR code. */
  token_hash: string;
  status: QrLoginStatus;
  user_id: string | null;
  web_id: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  /** The User-Agent of the browser that asked for the code (512 characters at most). */
  requester_user_agent: string | null;
  /** Where that browser's address is, in words (本地网络, or the masked address). */
  requester_place: string | null;
}

export interface SignInTables {
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  auth_failures: AuthFailuresTable;
  captcha_solutions: CaptchaSolutionsTable;
  qr_logins: QrLoginsTable;
}
