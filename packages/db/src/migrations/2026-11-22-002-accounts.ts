import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

/*
 * Accounts: sign-in credentials, sessions, one-time codes, failure counters for the captcha
 * rule, spent captcha solutions, scan-code logins and third-party identities.
 * Frozen: change the schema in a new migration.
 *
 * Secrets are never stored as given: session tokens, codes and scan-code tokens are kept as
 * SHA-256 hashes (hex), passwords as argon2id hashes.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_credentials')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Mainland mobile numbers, 11 digits; unique while present.
    .addColumn('mobile', 'text', (c) => c.unique())
    // Lower-cased email address; unique while present.
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    // When the display name last changed (the user centre limits how often it may).
    .addColumn('name_updated_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    // SHA-256 of the cookie's token: a leaked table cannot be replayed as cookies.
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The id the user centre shows and revokes by; says nothing about the token.
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(oneOf('channel', ['sms', 'email'])))
    // The mobile number or email address the code was sent to.
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(oneOf('purpose', ['login', 'register', 'reset'])),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['channel', 'target', 'created_at'])
    .execute();

  await db.schema
    .createTable('auth_failures')
    // 'account:<account>' or 'ip:<address>'.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captcha_solutions')
    // The signature of a solved challenge; kept until it expires so it cannot be replayed.
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('qr_logins')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(oneOf('status', ['new', 'scanned', 'confirmed', 'expired'])),
    )
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    // The browser that asked for the code; only it may collect the session.
    .addColumn('web_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();

  await db.schema
    .createTable('oauth_identities')
    .addColumn('platform', 'text', (c) =>
      c.notNull().check(oneOf('platform', ['douyin', 'qq', 'weixin'])),
    )
    // The provider's subject (user id at the provider).
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_identities_pk', ['platform', 'subject'])
    .addUniqueConstraint('oauth_identities_user_platform_uq', ['user_id', 'platform'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'oauth_identities',
    'qr_logins',
    'captcha_solutions',
    'auth_failures',
    'verification_codes',
    'sessions',
    'user_credentials',
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
}

/** Literals, not parameters: DDL cannot take bound parameters. */
function oneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
