import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import type { ConflictChoice, OauthPlatform } from '@melon/shared/contracts/passport';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { findAccount, findUserIdByMobile } from '../account/account.repository.ts';
import { createAccount } from '../account/account.service.ts';
import { oauthMessages } from './oauth.messages.ts';
import type { OauthProfile } from './oauth-profile.ts';
import {
  deleteIdentityOfUser,
  findIdentity,
  findIdentityOfUser,
  insertIdentity,
  replaceIdentityOfUser,
  updateDisplayName,
} from './oauth.repository.ts';

/**
 * A platform account whose mobile number belongs to a Melon account that is bound to another
 * account of the same platform: the user chooses what happens (SPEC §8).
 */
export interface PendingConflict {
  platform: OauthPlatform;
  /** The incoming platform account. */
  subject: string;
  incomingName: string;
  /** The Melon account owning the mobile number. */
  userId: string;
  /** Where the sign-in started, a path of this site. */
  service: string;
}

/**
 * A platform account whose verified mobile number belongs to a Melon account: it binds to (or
 * conflicts with) that account only once an SMS code proves the browser holds the number.
 */
export interface PendingVerification extends PendingConflict {
  mobile: string;
}

export type SignInOutcome =
  | { kind: 'signed-in'; userId: string }
  | { kind: 'conflict'; conflict: PendingConflict }
  | { kind: 'verify'; verification: PendingVerification };

/** A conflict as the bind-conflict page shows it. */
export interface ConflictDescription {
  platform: OauthPlatform;
  /** The name of the platform account the Melon account is bound to now. */
  boundName: string;
  incomingName: string;
  /** The Melon account's mobile number, if it has one. */
  mobile: string | null;
  service: string;
}

export interface OauthService {
  /**
   * Who a platform account signs in as: its bound account, a new account, or, when its mobile
   * number has an account, that account once the number is proven by SMS ('verify').
   */
  signIn(platform: OauthPlatform, profile: OauthProfile, service: string): Promise<SignInOutcome>;
  /** After the SMS code: binds to the number's account and signs in, or a bind conflict. */
  verified(pending: PendingVerification): Promise<SignInOutcome>;
  /** The conflict as the bind-conflict page shows it. */
  describe(pending: PendingConflict): Promise<ConflictDescription>;
  /** Applies the user's choice; answers the user to sign in as ('switch') or null ('unbind'). */
  resolve(pending: PendingConflict, choice: ConflictChoice): Promise<string | null>;
}

export function createOauthService(deps: {
  db: Kysely<Database>;
  newId: () => string;
}): OauthService {
  const { db, newId } = deps;
  async function existingAccount(userId: string) {
    const account = await findAccount(db, userId);
    if (!account) throw notFound(oauthMessages.accountGone);
    return account;
  }

  return {
    async signIn(platform, profile, service) {
      const { subject, name, mobile } = profile;
      const identity = { platform, subject, displayName: name };
      const bound = await findIdentity(db, platform, subject);
      if (bound) {
        if (name && name !== bound.display_name) {
          await updateDisplayName(db, platform, subject, name);
        }
        return { kind: 'signed-in', userId: bound.user_id };
      }
      const owner = mobile === null ? undefined : await findUserIdByMobile(db, mobile);
      if (owner && mobile !== null) {
        // The provider's word is not enough to act as the number's owner: an SMS code first.
        const userId = owner.user_id;
        return {
          kind: 'verify',
          verification: { platform, subject, incomingName: name, userId, service, mobile },
        };
      }
      // The account and its binding together: a failed binding leaves no account behind.
      const userId = await inTransaction(db, async (trx) => {
        const created = await createAccount(trx, newId, mobile === null ? {} : { mobile });
        await insertIdentity(trx, { ...identity, userId: created }, Date.now());
        return created;
      });
      return { kind: 'signed-in', userId };
    },

    async verified(pending) {
      const { platform, subject, incomingName, userId, service } = pending;
      await existingAccount(userId);
      const current = await findIdentity(db, platform, subject);
      if (current) {
        if (current.user_id === userId) return { kind: 'signed-in', userId };
        throw conflict(oauthMessages.boundElsewhere(platform));
      }
      if (await findIdentityOfUser(db, userId, platform)) {
        return { kind: 'conflict', conflict: { platform, subject, incomingName, userId, service } };
      }
      await insertIdentity(
        db,
        { platform, subject, userId, displayName: incomingName },
        Date.now(),
      );
      return { kind: 'signed-in', userId };
    },

    async describe(pending) {
      const account = await existingAccount(pending.userId);
      const bound = await findIdentityOfUser(db, pending.userId, pending.platform);
      return {
        platform: pending.platform,
        boundName: bound?.display_name ?? '',
        incomingName: pending.incomingName,
        mobile: account.mobile,
        service: pending.service,
      };
    },

    async resolve(pending, choice) {
      const { platform, subject, userId } = pending;
      await existingAccount(userId);
      // Another sign-in may have bound the incoming account meanwhile.
      const current = await findIdentity(db, platform, subject);
      if (current && current.user_id !== userId) {
        throw conflict(oauthMessages.boundElsewhere(platform));
      }
      if (choice === 'unbind') {
        await deleteIdentityOfUser(db, userId, platform);
        return null;
      }
      if (!current) {
        const identity = { platform, subject, userId, displayName: pending.incomingName };
        await replaceIdentityOfUser(db, identity, Date.now());
      }
      return userId;
    },
  };
}
