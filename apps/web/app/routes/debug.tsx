import { useCallback } from 'react';
import { DebugPage } from '~/features/debug/components/DebugPage.tsx';
import { debugMessages as t } from '~/features/debug/messages.ts';
import { gatewayUrl } from '~/features/danmaku/live-topic.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import type { Route } from './+types/debug';

/*
 * Open to everyone (SPEC §2 does not show the original's protection, decision 056): the page
 * reads only this browser's own facts and public answers (the server's clock, a /ws ping), and
 * of the session no more than whether it is signed in and its user id.
 */
export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.title, noindex: true });

export default function Debug() {
  const { account } = useLogin();
  const toast = useToast();
  const socketUrl = useCallback(() => gatewayUrl(location), []);
  return (
    <DebugPage
      socketUrl={socketUrl}
      session={{ signedIn: account !== null, userId: account?.user_id ?? null }}
      notify={toast.show}
    />
  );
}
