import { PageLink } from '~/features/passport/components/FormParts.tsx';
import { OtherMethods } from '~/features/passport/components/ThirdPartyButtons.tsx';
import type { FormStatus } from '~/features/passport/hooks/use-form-status.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import styles from './login-form.module.css';

interface SignInFooterProps extends Pick<LoginFormProps, 'go' | 'agreed' | 'thirdParty'> {
  /** The form's status: told when a platform is chosen without the agreement ticked. */
  status: FormStatus;
}

/** Under the sign-in forms: 其他登录方式, then 还没有账号？手机号注册 · 邮箱注册. */
export function SignInFooter({ go, agreed, thirdParty, status }: SignInFooterProps) {
  return (
    <>
      <OtherMethods
        thirdParty={thirdParty}
        agreed={agreed}
        onAgreementMissing={() => {
          status.fail(t.error.agreement);
        }}
        onScan={() => {
          go('scan');
        }}
      />
      <p className={styles.registerRow}>
        <span>{t.link.noAccount}</span>
        <PageLink go={go} to="mobile-register">
          {t.link.mobileRegister}
        </PageLink>
        <span aria-hidden="true">·</span>
        <PageLink go={go} to="email-register">
          {t.link.emailRegister}
        </PageLink>
      </p>
    </>
  );
}
