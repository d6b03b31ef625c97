import Type, { type Static } from 'typebox';
import { VIP_CODE_INPUT_MAX_LENGTH } from '../vip/vip-code.ts';
import { MembershipState } from './pay.ts';

/*
 * Membership redeem codes (decision 052): SPEC §7 names no call for /vip-exchange, so the
 * redeem is Melon's own beside the Pay calls. Declared in calls/vip.calls.ts.
 */

/** The code as typed: any case, with or without dashes; the server reads its form. */
export const ExchangeCodeBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: VIP_CODE_INPUT_MAX_LENGTH }),
});
export type ExchangeCodeBody = Static<typeof ExchangeCodeBody>;

/** A redeemed code: the days it added and the membership it extended (valid, its new expiry). */
export const ExchangeCodeResult = Type.Object({
  days: Type.Integer(),
  membership: MembershipState,
});
export type ExchangeCodeResult = Static<typeof ExchangeCodeResult>;
