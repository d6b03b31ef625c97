import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { CSRF_HEADER } from '@melon/shared/api/constants';

type Headers = Record<string, string>;
type Body = Record<string, unknown>;

/** A signed-in write as the refusal tests send it. */
export interface GuardedWrite {
  /** Sends a body to the route with these headers. */
  send: (headers: Headers, body: Body) => Promise<LightMyRequestResponse>;
  /** The headers of the signed-in user who may send `body()`. */
  signedIn: () => Headers;
  /** The headers of a visitor who is signed out. */
  visitor: () => Headers;
  /** A body the route would accept from that user. */
  body: () => Body;
  /** The same body with one field malformed, and that field's name. */
  malformed: () => [field: string, body: Body];
  /** Everything the write can change, to compare before and after. */
  snapshot: () => Promise<unknown>;
}

/**
 * The refusals every signed-in write owes (SPEC §6): 401 in the envelope to a signed-out
 * visitor, 403 code 1 errno 1 to a forged CSRF token, 400 naming a malformed field in Chinese
 * and 413 to a body over the limit; each leaves the database exactly as it was.
 */
export function itRefusesBadWrites(write: GuardedWrite): void {
  const unchangedBy = async (request: () => Promise<LightMyRequestResponse>) => {
    const before = await write.snapshot();
    const res = await request();
    expect(await write.snapshot()).toEqual(before);
    return res;
  };

  it('answers 401 in the envelope to a visitor who is signed out, and changes nothing', async () => {
    const res = await unchangedBy(() => write.send(write.visitor(), write.body()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, message: '请先登录', data: null });
  });

  it('answers 403 code 1 errno 1 to a forged request, and changes nothing', async () => {
    const forged = { ...write.signedIn(), [CSRF_HEADER]: 'forged' };
    const res = await unchangedBy(() => write.send(forged, write.body()));
    expect(res.statusCode).toBe(403);
    const body = res.json<{ code: number; errno: number; message: string }>();
    expect(body).toMatchObject({ code: 1, errno: 1, data: null });
    expect(body.message).toContain('csrf');
  });

  it('answers 400 naming a malformed field in Chinese, and changes nothing', async () => {
    const [field, body] = write.malformed();
    const res = await unchangedBy(() => write.send(write.signedIn(), body));
    expect(res.statusCode).toBe(400);
    const answer = res.json<{ code: number; field: string; message: string }>();
    expect(answer).toMatchObject({ code: 400, field });
    expect(answer.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers 413 to a body over the limit, and changes nothing', async () => {
    const oversized = { ...write.body(), padding: 'x'.repeat(1024 * 1024 + 1) };
    const res = await unchangedBy(() => write.send(write.signedIn(), oversized));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413 });
  });
}
