import { useRevalidator } from 'react-router';
import { getSessions } from '@melon/shared/calls/passport.calls';
import { getCanUpdateInfo } from '@melon/shared/calls/user-center.calls';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { getChannelList } from '@melon/shared/calls/channel.calls';
import { PublishPage } from '~/features/publish/components/PublishPage.tsx';
import { publishMessages } from '~/features/publish/messages.ts';
import { publishableChannels } from '~/features/publish/publishable-channels.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { ProfileForm } from '~/features/user-center/components/ProfileForm.tsx';
import { SessionList } from '~/features/user-center/components/SessionList.tsx';
import {
  isUserCenterTab,
  UserCenterFrame,
} from '~/features/user-center/components/UserCenterFrame.tsx';
import { userCenterMessages as t } from '~/features/user-center/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound } from '~/lib/not-found.ts';
import { signedOut } from '~/lib/signed-out.ts';
import type { Route } from './+types/user-center';

export async function loader({ context, params }: Route.LoaderArgs) {
  const tab = params.tab ?? 'profile';
  if (!isUserCenterTab(tab)) notFound();
  const client = serverClient(context);
  if (tab === 'profile') {
    const canUpdate = await client.call(getCanUpdateInfo).catch(signedOut);
    return { tab, canUpdate, sessions: null, channels: null, nowMs: Date.now() };
  }
  if (tab === 'publish') {
    const channels = publishableChannels((await client.call(getChannelList)).list);
    return { tab, canUpdate: null, sessions: null, channels, nowMs: Date.now() };
  }
  const sessions = await client.call(getSessions).catch(signedOut);
  return { tab, canUpdate: null, sessions, channels: null, nowMs: Date.now() };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.title, noindex: true });

export default function UserCenter({ loaderData }: Route.ComponentProps) {
  const { account } = useLogin();
  const toast = useToast();
  const revalidator = useRevalidator();
  const refresh = () => revalidator.revalidate();
  const { tab, canUpdate, sessions, channels, nowMs } = loaderData;

  if (tab === 'publish') {
    if (!account) return <SignedOutPrompt source="publish" title={publishMessages.signedOut} />;
    return (
      <UserCenterFrame tab={tab}>
        <PublishPage userId={account.user_id} channels={channels} />
      </UserCenterFrame>
    );
  }
  if (!account || (tab === 'profile' ? !canUpdate : !sessions)) {
    return <SignedOutPrompt source="user_center" title={t.signedOut} />;
  }

  return (
    <UserCenterFrame tab={tab}>
      {canUpdate && (
        <ProfileForm
          key={`${account.user_id}:${account.name}:${account.description}`}
          account={account}
          canUpdate={canUpdate}
          onSaved={refresh}
          notify={toast.show}
        />
      )}
      {sessions && (
        <SessionList sessions={sessions} nowMs={nowMs} onChanged={refresh} notify={toast.show} />
      )}
    </UserCenterFrame>
  );
}
