import type { AccountInfo } from '@melon/shared/contracts/passport';
import { mediaUrl } from '../../storage/media-url.ts';
import type { AccountRow } from './account.repository.ts';

/** 13800138000 → 138****8000 */
export const maskMobile = (mobile: string): string =>
  `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/** someone@example.com → s***@example.com */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export const presentAccount = (row: AccountRow): AccountInfo => ({
  user_id: row.id,
  name: row.name,
  avatar_url: row.avatar_url ? mediaUrl(row.avatar_url) : '',
  description: row.description,
  mobile: row.mobile ? maskMobile(row.mobile) : null,
  email: row.email ? maskEmail(row.email) : null,
  has_password: row.password_hash !== null,
  bound_platforms: row.platforms,
});
