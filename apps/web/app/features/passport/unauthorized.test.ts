import { describe, expect, it } from 'vitest';
import { unauthorizedRuleOf } from '@melon/shared/calls/call';
import { getCaptchaChallenge } from '@melon/shared/calls/captcha.calls';
import { getBindConflict } from '@melon/shared/calls/oauth.calls';
import { getAccountInfo, scanQrcode } from '@melon/shared/calls/passport.calls';
import { actionOfRule, unauthorizedAction } from './unauthorized.ts';

describe('unauthorizedAction (SPEC §6)', () => {
  it.each([
    { path: '/api/videov2/get/favorite', source: 'login' },
    { path: '/api/videov2/get/history', source: 'login' },
    { path: '/api/videov2/follow_action', source: 'follow' },
    { path: '/api/videov2/report', source: 'other' },
    { path: '/api/userv2/report', source: 'other' },
    { path: '/api/commentv2/report', source: 'other' },
    { path: '/api/videov2/digg_action', source: 'like' },
    { path: '/api/videov2/add/favorite', source: 'favorite' },
    { path: '/api/videov2/delete/favorite/', source: 'favorite' },
    { path: '/api/videov2/favorite_action', source: 'favorite' },
    { path: '/api/videov2/delete/history?x=1', source: 'history_delete' },
  ])('$path opens the prompt with source $source', ({ path, source }) => {
    expect(unauthorizedAction(path)).toEqual({ kind: 'prompt', source });
  });

  it.each([
    '/vpc_danmaku/list/v1/',
    '/vpc_danmaku/send/v1/',
    '/vpc_danmaku/report/v1/',
    '/video/pc/sticker/send_danmaku/',
  ])('%s does nothing', (path) => {
    expect(unauthorizedAction(path)).toEqual({ kind: 'ignore' });
  });

  it.each([
    '/api/userv2/profile/can_update_info',
    '/web/user/update/user_info/',
    '/api/pay/order_list',
  ])('%s redirects to single sign-on', (path) => {
    expect(unauthorizedAction(path)).toEqual({ kind: 'redirect' });
  });

  it('leaves the passport calls to the page that made them (their declared rule)', () => {
    for (const declaration of [scanQrcode, getAccountInfo, getBindConflict, getCaptchaChallenge]) {
      expect(actionOfRule(unauthorizedRuleOf(declaration))).toEqual({ kind: 'ignore' });
    }
  });
});
