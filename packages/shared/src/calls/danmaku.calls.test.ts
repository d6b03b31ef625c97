import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.ts';
import { ApiError } from '../client/errors.ts';
import { DANMAKU_CALL_PARAMS } from '../contracts/danmaku.ts';
import type { CallDeclaration, UnauthorizedRule } from './call.ts';
import * as danmakuCalls from './danmaku.calls.ts';

/** Every declaration of the file that makes an envelope call (the XML export does not). */
const declared: [string, CallDeclaration][] = Object.entries(danmakuCalls).flatMap(
  ([name, declaration]) => ('response' in declaration ? [[name, declaration]] : []),
);

describe('the danmaku calls', () => {
  it.each(declared)(
    '%s: a 401 does nothing and app_name and format go along (SPEC §6, §7)',
    (_name, call) => {
      expect(call.onUnauthorized).toBe('ignore');
      expect(call.query?.properties).toHaveProperty('app_name');
      expect(call.query?.properties).toHaveProperty('format');
    },
  );

  it('hands a 401 to the hook with the ignore rule', async () => {
    const rules: (UnauthorizedRule | undefined)[] = [];
    const client = createClient({
      baseUrl: 'http://melon.test',
      transport: () =>
        Promise.resolve(
          Response.json({ code: 401, message: '请先登录', data: null }, { status: 401 }),
        ),
      hooks: { onUnauthorized: ({ rule }) => rules.push(rule) },
    });
    const liking = client.call(danmakuCalls.danmakuAction, {
      ...DANMAKU_CALL_PARAMS,
      danmaku_id: '7000000000000000001',
      action_type: 1,
    });
    await expect(liking).rejects.toBeInstanceOf(ApiError);
    expect(rules).toEqual(['ignore']);
  });

  it('declares the XML export without an envelope answer', () => {
    expect(danmakuCalls.exportDanmakuXml).not.toHaveProperty('response');
  });
});
