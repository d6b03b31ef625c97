import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { UnauthorizedRule } from '@melon/shared/calls/call';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { logout as logoutCall } from '@melon/shared/calls/passport.calls';
import { logEvents } from '@melon/shared/calls/tracking.calls';
import { sameOriginPath } from '@melon/shared/same-origin-path';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import { LoginDialog } from '~/features/passport/components/LoginDialog.tsx';
import { errorMessage } from '~/features/passport/error-message.ts';
import { createLoginGuard, type LoginGuard } from '~/features/passport/login-guard.ts';
import { useLoginSync } from '~/features/passport/hooks/use-login-sync.ts';
import {
  LoginContext,
  type LoginApi,
  type LoginPage,
  type OpenLoginOptions,
} from '~/features/passport/login-context.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { actionOfRule } from '~/features/passport/unauthorized.ts';
import { browserClient } from '~/lib/browser-client.ts';
import { loginPath } from '~/lib/paths.ts';

/** SPEC §9: an automatic sign-in found on opening redirects after 50 ms. */
const AUTO_LOGIN_REDIRECT_MS = 50;

interface OpenDialog extends OpenLoginOptions {
  /** Tells one opening from the next, so a late auto-login check cannot close a newer one. */
  id: number;
}

interface LoginProviderProps {
  account: AccountInfo | null;
  /** The third-party platforms on offer; null in the desktop app, where they are hidden. */
  platforms: readonly string[] | null;
  /** Shows a toast (the toast feature, handed in by the root). */
  notify: (message: string) => void;
  children: ReactNode;
}

function emit(type: 'login-show' | 'login-hide', detail: unknown) {
  window.dispatchEvent(new CustomEvent(type, { detail }));
}

/**
 * Holds who is signed in and the login dialog (SPEC §2, §4): opening it with a source, the
 * automatic sign-in check, success with its callback and redirect, the exit report, the 401
 * rules and the cross-tab sync.
 */
export function LoginProvider({ account, platforms, notify, children }: LoginProviderProps) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const revalidator = useRevalidator();
  const broadcast = useLoginSync();
  const nextId = useRef(1);
  const latest = useRef({ account, dialog, revalidator, notify });
  useEffect(() => {
    latest.current = { account, dialog, revalidator, notify };
  });

  const hide = useCallback((id: number) => {
    setDialog((open) => (open?.id === id ? null : open));
    emit('login-hide', { id });
  }, []);

  const openLogin = useCallback(
    (options: OpenLoginOptions = {}) => {
      const id = nextId.current++;
      setDialog({ ...options, id });
      emit('login-show', { source: options.source ?? 'default' });
      // Signed in meanwhile (in another tab, say): no form needed (SPEC §4).
      browserClient()
        .call(getGlobalConfig)
        .then((config) => {
          const { account: known, dialog: open } = latest.current;
          if (!config.isLogin || known || (open && open.id !== id)) return;
          hide(id);
          latest.current.notify(t.autoLogin);
          setTimeout(() => {
            window.location.replace(
              sameOriginPath(options.redirect ?? window.location.href, window.location.origin),
            );
          }, AUTO_LOGIN_REDIRECT_MS);
        })
        .catch(() => undefined);
    },
    [hide],
  );

  const [guard] = useState(createLoginGuard);
  const requireLogin = useCallback<LoginGuard>(
    (source, action) => {
      guard(source, action, {
        signedIn: latest.current.account !== null,
        prompt: (then) => {
          openLogin({ source, onSuccess: then });
        },
      });
    },
    [guard, openLogin],
  );

  const completeLogin = useCallback(
    async (message: string, redirect?: string) => {
      broadcast('login');
      latest.current.notify(message);
      if (redirect) window.location.assign(sameOriginPath(redirect, window.location.origin));
      else await latest.current.revalidator.revalidate();
    },
    [broadcast],
  );

  const onDialogSignedIn = useCallback(
    async (message: string, redirect?: string) => {
      const open = latest.current.dialog;
      if (open) hide(open.id);
      const target = redirect ?? open?.redirect;
      await completeLogin(message, target);
      if (!target) open?.onSuccess?.();
    },
    [completeLogin, hide],
  );

  const onDialogClose = useCallback(
    (page: LoginPage) => {
      const open = latest.current.dialog;
      if (!open) return;
      hide(open.id);
      // SPEC §4: closing the dialog reports an exit.
      const exit = { source: open.source ?? 'default', page };
      browserClient()
        .call(logEvents, { r: true, d: [{ k: 'login_exit', v: JSON.stringify(exit) }] })
        .catch(() => undefined);
    },
    [hide],
  );

  const logout = useCallback(async () => {
    try {
      await browserClient().call(logoutCall);
    } catch (error) {
      latest.current.notify(errorMessage(error));
      return;
    }
    broadcast('logout');
    latest.current.notify(t.logoutSuccess);
    await latest.current.revalidator.revalidate();
  }, [broadcast]);

  const handleUnauthorized = useCallback(
    ({ rule }: { rule: UnauthorizedRule }) => {
      const action = actionOfRule(rule);
      if (action.kind === 'prompt') openLogin({ source: action.source });
      else if (action.kind === 'redirect') window.location.assign(loginPath(window.location.href));
    },
    [openLogin],
  );

  const api = useMemo<LoginApi>(
    () => ({
      account,
      platforms,
      openLogin,
      requireLogin,
      completeLogin,
      logout,
      handleUnauthorized,
    }),
    [account, platforms, openLogin, requireLogin, completeLogin, logout, handleUnauthorized],
  );

  return (
    <LoginContext value={api}>
      {children}
      {dialog && (
        <LoginDialog
          key={dialog.id}
          source={dialog.source ?? 'default'}
          initialPage={dialog.page ?? 'password'}
          closable={dialog.closable !== false}
          thirdParty={platforms && { platforms, service: window.location.href }}
          onSignedIn={onDialogSignedIn}
          onClose={onDialogClose}
        />
      )}
    </LoginContext>
  );
}
