import type { CodePurpose } from '@melon/shared/contracts/passport';

/**
 * What a message is about. Real gateways only send the text; the outbox records it too, so
 * tests and a developer can find a code without parsing text.
 */
export interface MessageTag {
  code: string;
  purpose: CodePurpose;
}

/** Where text messages and emails go: one implementation per gateway. */
export interface MessageProvider {
  sendSms(to: string, text: string, tag?: MessageTag): Promise<void>;
  sendEmail(to: string, subject: string, text: string, tag?: MessageTag): Promise<void>;
}
