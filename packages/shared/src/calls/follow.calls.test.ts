import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.ts';
import { ApiError } from '../client/errors.ts';
import type { UnauthorizedRule } from './call.ts';
import { followAction, getAttentionFeed, getFollowList } from './follow.calls.ts';

/** A client whose every answer is the SPEC §8 401, and the rules its hook was handed. */
function signedOutClient() {
  const rules: UnauthorizedRule[] = [];
  const bodies: string[] = [];
  const client = createClient({
    baseUrl: 'http://melon.test',
    transport: async (request) => {
      bodies.push(await request.text());
      return Response.json({ code: 401, message: '请先登录', data: null }, { status: 401 });
    },
    hooks: { onUnauthorized: ({ rule }) => rules.push(rule) },
  });
  return { client, rules, bodies };
}

describe('the follow calls and SPEC §6', () => {
  it('a 401 on follow_action opens the prompt with source follow; the body is a form', async () => {
    const { client, rules, bodies } = signedOutClient();
    const following = client.call(followAction, {
      to_user_id: '7000000000000000001',
      action: 'follow',
    });
    await expect(following).rejects.toBeInstanceOf(ApiError);
    expect(rules).toEqual([{ prompt: 'follow' }]);
    expect(bodies).toEqual(['to_user_id=7000000000000000001&action=follow']);
  });

  it('a 401 on the followed content opens the prompt with source attention', async () => {
    const { client, rules } = signedOutClient();
    await expect(client.call(getFollowList, {})).rejects.toBeInstanceOf(ApiError);
    await expect(client.call(getAttentionFeed, {})).rejects.toBeInstanceOf(ApiError);
    expect(rules).toEqual([{ prompt: 'attention' }, { prompt: 'attention' }]);
  });
});
