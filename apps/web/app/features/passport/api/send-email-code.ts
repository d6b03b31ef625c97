import type { MelonClient } from '@melon/shared/client/client';
import type { CodePurpose, CodeSent } from '@melon/shared/contracts/passport';

/** POST /passport/web/email/send_code/ */
export function sendEmailCode(
  client: MelonClient,
  body: { email: string; type: CodePurpose },
): Promise<CodeSent> {
  return client.post<CodeSent>('/passport/web/email/send_code/', body);
}
