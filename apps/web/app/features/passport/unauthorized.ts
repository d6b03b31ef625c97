import type { UnauthorizedRule } from '@melon/shared/calls/call';
import type { LoginSource } from '~/features/passport/login-sources.ts';

/** What a 401 on a call leads to (SPEC §6). */
export type UnauthorizedAction =
  { kind: 'prompt'; source: LoginSource } | { kind: 'ignore' } | { kind: 'redirect' };

/** The calls whose 401 opens the login prompt, with the prompt's source. */
const PROMPTS: Readonly<Record<string, LoginSource>> = {
  '/api/videov2/get/favorite': 'login',
  '/api/videov2/get/history': 'login',
  '/api/videov2/follow_action': 'follow',
  '/api/videov2/report': 'other',
  '/api/userv2/report': 'other',
  '/api/commentv2/report': 'other',
  '/api/videov2/digg_action': 'like',
  '/api/videov2/favorite_action': 'favorite',
  '/api/videov2/add/favorite': 'favorite',
  '/api/videov2/delete/favorite': 'favorite',
  '/api/videov2/delete/history': 'history_delete',
};

/** Danmaku calls: a 401 there does nothing (the player carries on). */
const DANMAKU_PREFIXES = ['/vpc_danmaku/', '/video/pc/sticker/send_danmaku'];

const withoutTrailingSlash = (path: string): string =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;

/** The SPEC §6 rule for a 401 on `path` (query and trailing slash ignored). */
export function unauthorizedAction(path: string): UnauthorizedAction {
  const pathname = withoutTrailingSlash(path.split('?')[0] ?? '');
  const source = PROMPTS[pathname];
  if (source) return { kind: 'prompt', source };
  if (DANMAKU_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return { kind: 'ignore' };
  return { kind: 'redirect' };
}

/** What a 401 leads to under a call's declared rule. */
export function actionOfRule(rule: UnauthorizedRule): UnauthorizedAction {
  if (rule === 'ignore') return { kind: 'ignore' };
  if (rule === 'redirect') return { kind: 'redirect' };
  return { kind: 'prompt', source: rule.prompt };
}
