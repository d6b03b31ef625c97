import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { OauthPlatform } from '@melon/shared/contracts/passport';

export interface Identity {
  platform: OauthPlatform;
  subject: string;
  userId: string;
  displayName: string;
}

/** The Melon user a platform account is bound to. */
export function findIdentity(db: Kysely<Database>, platform: OauthPlatform, subject: string) {
  return db
    .selectFrom('oauth_identities')
    .select(['user_id', 'display_name'])
    .where('platform', '=', platform)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** The platform account a Melon user is bound to on a platform (at most one). */
export function findIdentityOfUser(db: Kysely<Database>, userId: string, platform: OauthPlatform) {
  return db
    .selectFrom('oauth_identities')
    .select(['subject', 'display_name'])
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Kysely<Database>,
  identity: Identity,
  now: number,
): Promise<void> {
  await db
    .insertInto('oauth_identities')
    .values({
      platform: identity.platform,
      subject: identity.subject,
      user_id: identity.userId,
      display_name: identity.displayName,
      created_at: now,
    })
    .execute();
}

export async function updateDisplayName(
  db: Kysely<Database>,
  platform: OauthPlatform,
  subject: string,
  displayName: string,
): Promise<void> {
  await db
    .updateTable('oauth_identities')
    .set({ display_name: displayName })
    .where('platform', '=', platform)
    .where('subject', '=', subject)
    .execute();
}

export async function deleteIdentityOfUser(
  db: Kysely<Database>,
  userId: string,
  platform: OauthPlatform,
): Promise<void> {
  await db
    .deleteFrom('oauth_identities')
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .execute();
}

/** Replaces the user's binding on the platform with another platform account, atomically. */
export async function replaceIdentityOfUser(
  db: Kysely<Database>,
  identity: Identity,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteIdentityOfUser(trx, identity.userId, identity.platform);
    await insertIdentity(trx, identity, now);
  });
}
