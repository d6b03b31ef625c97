import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.ts';
import { ApiError } from '../client/errors.ts';
import type { UnauthorizedRule } from './call.ts';
import { reportComment, reportUser, reportVideo } from './report.calls.ts';

describe('the report calls', () => {
  it.each([
    ['reportVideo', reportVideo, { group_id: '7000000000000000001', report_type: 1 }],
    ['reportUser', reportUser, { user_id: '7000000000000000002', report_type: 1 }],
    ['reportComment', reportComment, { comment_id: '7000000000000000003', report_type: 1 }],
  ] as const)(
    '%s: a 401 opens the login prompt with source other (SPEC §6)',
    async (_name, call, input) => {
      const rules: UnauthorizedRule[] = [];
      const sent: Request[] = [];
      const client = createClient({
        baseUrl: 'http://melon.test',
        transport: (request) => {
          sent.push(request);
          return Promise.resolve(
            Response.json({ code: 401, message: '请先登录', data: null }, { status: 401 }),
          );
        },
        hooks: { onUnauthorized: ({ rule }) => rules.push(rule) },
      });
      // TypeScript picks one input per call; the table keeps each with its own call.
      await expect(client.call(call as typeof reportVideo, input as never)).rejects.toBeInstanceOf(
        ApiError,
      );
      expect(rules).toEqual([{ prompt: 'other' }]);
      expect(sent[0]?.method).toBe('POST');
      expect(new URL(sent[0]?.url ?? '').pathname).toBe(call.path);
      expect(await sent[0]?.json()).toEqual(input);
    },
  );
});
