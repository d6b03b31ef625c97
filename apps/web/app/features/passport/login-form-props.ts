import type { ThirdPartyOptions } from '~/features/passport/components/ThirdPartyButtons.tsx';
import type { LoginPage } from '~/features/passport/login-context.ts';

/** What every page of the login form gets from the panel around it. */
export interface LoginFormProps {
  go: (page: LoginPage) => void;
  /** The agreement box, shared by the pages so a tick survives switching. */
  agreed: boolean;
  setAgreed: (agreed: boolean) => void;
  thirdParty: ThirdPartyOptions | null;
  /** Signed in: the panel's owner closes it, tells the page and runs the callback. */
  onSignedIn: (message: string, redirect?: string) => Promise<void>;
}
