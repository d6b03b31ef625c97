import { request, type APIRequestContext } from '@playwright/test';
import { openDatabase } from '@melon/db/open-database';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { sendDanmaku } from '@melon/shared/calls/danmaku.calls';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { createIdGenerator } from '@melon/shared/ids/id';
import { insertSession } from '../../../apps/server/src/modules/session/session.repository.ts';
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from '../../../apps/server/src/modules/session/session.plugin.ts';
import { hashSecret, newSecretToken } from '../../../apps/server/src/security/secret-token.ts';
import { createUser } from '../../../apps/server/src/testing/factories.ts';

/** A signed-in account that sends danmaku straight to one web process or another. */
export interface DanmakuSender {
  /** Sends `text` through the web process at `origin`; answers the new danmaku's id. */
  send(origin: string, itemId: string, text: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A user with a session written into the site's database, as a sign-in would leave it: its
 * cookie holds for 127.0.0.1 on every port, so one account sends through either process.
 */
export async function danmakuSender(databaseUrl: string, dataDir: string): Promise<DanmakuSender> {
  const database = openDatabase({ databaseUrl, dataDir });
  const newId = createIdGenerator({ workerId: 900 });
  const userId = await createUser(database.db, newId, { name: '跨进程观众' });
  const token = newSecretToken();
  const now = Date.now();
  await insertSession(database.db, {
    idHash: hashSecret(token),
    publicId: newId(),
    userId,
    now,
    expiresAt: now + SESSION_TTL_MS,
    userAgent: 'scale journey',
    ip: '127.0.0.1',
  });
  await database.close();
  const context: APIRequestContext = await request.newContext({
    storageState: {
      cookies: [
        {
          name: SESSION_COOKIE,
          value: token,
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
  });
  const csrf = new Map<string, string>();
  const tokenFor = async (origin: string) => {
    const known = csrf.get(origin);
    if (known) return known;
    const answer = await context.get(`${origin}${getGlobalConfig.path}`);
    const body = (await answer.json()) as { data: { csrfToken: string } };
    csrf.set(origin, body.data.csrfToken);
    return body.data.csrfToken;
  };
  let lastSent = 0;
  return {
    async send(origin, itemId, text) {
      // One danmaku a second per account (the send limit): the journey's pace, not a race.
      const wait = lastSent + 1500 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const answer = await context.post(
        `${origin}${sendDanmaku.path}?aid=1768&app_name=video_ixigua&format=json`,
        {
          headers: { [CSRF_HEADER]: await tokenFor(origin) },
          data: { item_id: itemId, offset_ms: 1000, text },
        },
      );
      const body = (await answer.json()) as {
        code: number;
        message: string;
        data: { danmaku: { id: string } };
      };
      // Counted from when the server took the last one, which is after it was sent.
      lastSent = Date.now();
      if (body.code !== 200) throw new Error(`send through ${origin}: ${body.message}`);
      return body.data.danmaku.id;
    },
    close: () => context.dispose(),
  };
}
