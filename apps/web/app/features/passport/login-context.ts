import type { UnauthorizedRule } from '@melon/shared/calls/call';
import { createContext } from 'react';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import type { LoginGuard } from '~/features/passport/login-guard.ts';
import type { LoginSource } from '~/features/passport/login-sources.ts';

/** The pages of the login form (SPEC §2); account and password comes first. */
export type LoginPage =
  | 'password'
  | 'sms'
  | 'scan'
  | 'mobile-register'
  | 'email-register'
  | 'reset'
  | 'bind-verify'
  | 'bind-conflict';

export interface OpenLoginOptions {
  /** What asked for it: picks the title. Default 'default'. */
  source?: LoginSource;
  page?: LoginPage;
  /** The after-login callback (SPEC §4). */
  onSuccess?: () => void;
  /** Where to go once signed in, instead of staying on the page. */
  redirect?: string;
  /** False hides the close button and ignores Escape. Default true. */
  closable?: boolean;
}

export interface LoginApi {
  /** The signed-in account, or null for a visitor. */
  account: AccountInfo | null;
  openLogin: (options?: OpenLoginOptions) => void;
  /**
   * The login-required guard (SPEC §6), the one way to run such an action: runs `action` when
   * signed in, otherwise opens the prompt and runs it after sign-in. Return the request's
   * promise from `action`: until it settles, further calls for the same source are refused.
   */
  requireLogin: LoginGuard;
  /** The third-party platforms on offer; null in the desktop app, where they are hidden. */
  platforms: readonly string[] | null;
  /**
   * Takes a sign-in into the page: tells the other tabs, shows `message`, then goes to
   * `redirect` or refreshes the page's data in place.
   */
  completeLogin: (message: string, redirect?: string) => Promise<void>;
  /** Signs out; failures are shown, never thrown. */
  logout: () => Promise<void>;
  /** The client's 401 hook (SPEC §6). */
  handleUnauthorized: (info: { path: string; rule: UnauthorizedRule }) => void;
}

export const LoginContext = createContext<LoginApi | null>(null);
