import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GlobalConfig } from '@melon/shared/contracts/global-config';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { logEvents } from '@melon/shared/calls/tracking.calls';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createWriteRecorder } from '../../testing/write-recorder.ts';

// Every page render asks for the global config: a GET that changes nothing writes nothing.
const recorder = createWriteRecorder();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ dbPlugins: [recorder.plugin] });
});
afterAll(() => t.close());
beforeEach(() => {
  recorder.writes.length = 0;
});

const config = async (cookie?: string) => {
  const response = await t.app.inject({
    url: `${getGlobalConfig.path}?aid=1768`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: GlobalConfig }>().data;
};

async function qualify(visitor: ReturnType<TestApp['visitor']>): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: logEvents.path,
    headers: visitor.headers,
    payload: { r: true, d: [{ k: 'go_detail', v: '{}' }] },
  });
  expect(response.json()).toMatchObject({ code: 200, data: { s: 1 } });
}

describe('GET /api/otherv2/global_config writes nothing', () => {
  it('for a first visit', async () => {
    expect((await config()).isWebIdQualified).toBe(false);
    expect(recorder.writes).toEqual([]);
  });

  it('for a returning visitor, again and again', async () => {
    const { cookie } = t.visitor();
    for (let visit = 0; visit < 3; visit += 1) await config(cookie);
    expect(recorder.writes).toEqual([]);
    expect(await t.db.selectFrom('web_identities').selectAll().execute()).toEqual([]);
  });

  it('for a qualified visitor, who stays qualified', async () => {
    const visitor = t.visitor();
    await qualify(visitor);
    recorder.writes.length = 0;
    expect((await config(visitor.cookie)).isWebIdQualified).toBe(true);
    expect((await config(visitor.cookie)).isWebIdQualified).toBe(true);
    expect(recorder.writes).toEqual([]);
  });

  it('for a signed-in visitor seen a moment ago', async () => {
    const visitor = await t.signedIn(await createUser(t.db, t.newId));
    expect((await config(visitor.cookie)).isLogin).toBe(true);
    expect(recorder.writes).toEqual([]);
  });
});
