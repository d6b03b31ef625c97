import type { UnauthorizedRule } from '@melon/shared/calls/call';
import type { LoginSource } from '~/features/passport/login-sources.ts';

/** What a 401 on a call leads to (SPEC §6). */
export type UnauthorizedAction =
  { kind: 'prompt'; source: LoginSource } | { kind: 'ignore' } | { kind: 'redirect' };

/** What a 401 leads to under a call's declared rule. */
export function actionOfRule(rule: UnauthorizedRule): UnauthorizedAction {
  if (rule === 'ignore') return { kind: 'ignore' };
  if (rule === 'redirect') return { kind: 'redirect' };
  return { kind: 'prompt', source: rule.prompt };
}
