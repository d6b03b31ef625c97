import { useId, useState } from 'react';
import { Modal } from '~/components/ui/Modal.tsx';
import { LoginPanel } from '~/features/passport/components/LoginPanel.tsx';
import type { ThirdPartyOptions } from '~/features/passport/components/ThirdPartyButtons.tsx';
import type { LoginPage } from '~/features/passport/login-context.ts';
import type { LoginSource } from '~/features/passport/login-sources.ts';

interface LoginDialogProps {
  source: LoginSource;
  initialPage: LoginPage;
  closable: boolean;
  thirdParty: ThirdPartyOptions | null;
  onSignedIn: (message: string, redirect?: string) => Promise<void>;
  onClose: (page: LoginPage) => void;
}

/** The login form as a modal: 661 px wide (a sheet on phones), Escape closes unless disabled. */
export function LoginDialog({
  source,
  initialPage,
  closable,
  thirdParty,
  onSignedIn,
  onClose,
}: LoginDialogProps) {
  const headingId = useId();
  const [page, setPage] = useState(initialPage);
  const close = closable
    ? () => {
        onClose(page);
      }
    : undefined;

  return (
    <Modal labelledBy={headingId} onClose={close} sheetOnPhones>
      <LoginPanel
        headingId={headingId}
        source={source}
        page={page}
        onPageChange={setPage}
        thirdParty={thirdParty}
        onSignedIn={onSignedIn}
        onClose={close}
      />
    </Modal>
  );
}
