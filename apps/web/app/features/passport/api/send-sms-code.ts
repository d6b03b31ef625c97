import type { MelonClient } from '@melon/shared/client/client';
import type { CodePurpose, CodeSent } from '@melon/shared/contracts/passport';

/** POST /passport/web/send_code/: a 6-digit code to a mainland mobile number. */
export function sendSmsCode(
  client: MelonClient,
  body: { mobile: string; type: CodePurpose },
): Promise<CodeSent> {
  return client.post<CodeSent>('/passport/web/send_code/', body);
}
