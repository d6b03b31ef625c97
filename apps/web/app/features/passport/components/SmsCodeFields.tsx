import { sendSmsCode } from '@melon/shared/calls/passport.calls';
import type { CodePurpose } from '@melon/shared/contracts/passport';
import { CodeField } from '~/features/passport/components/CodeField.tsx';
import { Field } from '~/features/passport/components/FormParts.tsx';
import type { FormStatus } from '~/features/passport/hooks/use-form-status.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { checkMobile, normaliseMobile } from '~/features/passport/validation.ts';
import { browserClient } from '~/lib/browser-client.ts';

interface SmsCodeFieldsProps {
  /** What the code is for: sent with the request for it. */
  purpose: CodePurpose;
  status: FormStatus;
  mobile: string;
  onMobileChange: (mobile: string) => void;
  code: string;
  onCodeChange: (code: string) => void;
}

/** A mainland mobile number behind a fixed +86, focused first, and the code sent to it by SMS. */
export function SmsCodeFields({
  purpose,
  status,
  mobile,
  onMobileChange,
  code,
  onCodeChange,
}: SmsCodeFieldsProps) {
  return (
    <>
      <Field
        label={t.label.mobile}
        prefix={t.label.countryCode}
        name="mobile"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t.placeholder.mobile}
        maxLength={13}
        value={mobile}
        onChange={(event) => {
          onMobileChange(event.target.value);
        }}
        autoFocus
      />
      <CodeField
        value={code}
        onChange={onCodeChange}
        status={status}
        check={() => checkMobile(mobile)}
        send={() =>
          browserClient().call(sendSmsCode, { mobile: normaliseMobile(mobile), type: purpose })
        }
      />
    </>
  );
}
