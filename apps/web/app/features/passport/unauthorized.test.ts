import { describe, expect, it } from 'vitest';
import { unauthorizedRuleOf } from '@melon/shared/calls/call';
import { getCaptchaChallenge } from '@melon/shared/calls/captcha.calls';
import { listDanmaku, sendDanmaku, sendStickerDanmaku } from '@melon/shared/calls/danmaku.calls';
import { getBindConflict } from '@melon/shared/calls/oauth.calls';
import { getAccountInfo, scanQrcode } from '@melon/shared/calls/passport.calls';
import { updateUserInfo } from '@melon/shared/calls/user-center.calls';
import { actionOfRule } from './unauthorized.ts';

describe('the 401 action of a declared rule (SPEC §6)', () => {
  it('opens the prompt with the declared source', () => {
    expect(actionOfRule({ prompt: 'favorite' })).toEqual({ kind: 'prompt', source: 'favorite' });
  });

  it('does nothing on the danmaku calls: the player carries on', () => {
    for (const declaration of [listDanmaku, sendDanmaku, sendStickerDanmaku]) {
      expect(actionOfRule(unauthorizedRuleOf(declaration))).toEqual({ kind: 'ignore' });
    }
  });

  it('leaves the passport calls to the page that made them', () => {
    for (const declaration of [scanQrcode, getAccountInfo, getBindConflict, getCaptchaChallenge]) {
      expect(actionOfRule(unauthorizedRuleOf(declaration))).toEqual({ kind: 'ignore' });
    }
  });

  it('redirects to single sign-on on any other call', () => {
    expect(actionOfRule(unauthorizedRuleOf(updateUserInfo))).toEqual({ kind: 'redirect' });
  });
});
