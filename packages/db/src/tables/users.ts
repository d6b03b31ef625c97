import type { Generated } from 'kysely';
import type { Flag } from '../database.ts';

/*
 * Row types of the users, their credentials and roles, and the anonymous web ids
 * (migrations 2026-11-22-001, 2026-11-22-002, 2026-11-26-011).
 */

export interface UsersTable {
  id: string;
  /** Unique, at most 32 characters. */
  name: string;
  description: Generated<string>;
  avatar_url: Generated<string>;
  /** JSON text, or null when the user is not certified. */
  user_auth_info: string | null;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  video_count: Generated<number>;
  created_at: number;
  /** The personal id the user chose (get/pid, set/pid), unique; null until set. */
  pid: Generated<string | null>;
}

/** The anonymous identity behind the web_id cookie. */
export interface WebIdentitiesTable {
  web_id: string;
  created_at: number;
  last_seen_at: number;
  qualified: Generated<Flag>;
}

export interface UserCredentialsTable {
  user_id: string;
  /** 11-digit mainland mobile number. */
  mobile: string | null;
  /** Lower-cased. */
  email: string | null;
  /** argon2id hash, or null for accounts that only sign in by code or third party. */
  password_hash: string | null;
  name_updated_at: number | null;
  updated_at: number;
}

export type OauthPlatform = 'douyin' | 'qq' | 'weixin';

export interface OauthIdentitiesTable {
  platform: OauthPlatform;
  subject: string;
  user_id: string;
  display_name: Generated<string>;
  created_at: number;
}

/** A role granted to a user by the operator's command line. */
export type UserRole = 'operator';

export interface UserRolesTable {
  user_id: string;
  role: UserRole;
  granted_at: number;
}

export interface UserTables {
  users: UsersTable;
  user_credentials: UserCredentialsTable;
  user_roles: UserRolesTable;
  oauth_identities: OauthIdentitiesTable;
  web_identities: WebIdentitiesTable;
}
