import { getCertificationStatus } from '@melon/shared/calls/certification.calls';
import { CertificationPage } from '~/features/certification/components/CertificationPage.tsx';
import { certificationMessages as t } from '~/features/certification/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { StudioFrame } from '~/features/studio/components/StudioFrame.tsx';
import { studioMessages } from '~/features/studio/messages.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { signedOut } from '~/lib/signed-out.ts';
import type { Route } from './+types/studio-certification';

/** /user-center/creator/certification: 兴趣认证 and 职业认证 applications (decision 046). */
export async function loader({ context }: Route.LoaderArgs) {
  return { status: await serverClient(context).call(getCertificationStatus).catch(signedOut) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: studioMessages.sections.certification, noindex: true });

export default function StudioCertificationRoute({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  if (!loaderData.status) return <SignedOutPrompt source="user_center" title={t.signedOut} />;
  return (
    <StudioFrame section="certification">
      <CertificationPage status={loaderData.status} notify={toast.show} />
    </StudioFrame>
  );
}
