import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ProviderContext } from 'oidc-provider';
import { TestOidcMemoryAdapter } from './test-oidc-memory-adapter.ts';

/*
 * A real OpenID Connect provider (oidc-provider) for tests and e2e runs, never for production:
 * its login page asks only for an account name. Consent is implied for its clients.
 */

export interface TestOidcAccount {
  name: string;
  /** E.164, e.g. +8613800138000; sent as a phone_number claim. */
  phoneNumber?: string;
  /**
   * The phone_number_verified claim sent with it: true unless given; 'omit' leaves the claim
   * out, as some providers do.
   */
  phoneNumberVerified?: boolean | 'omit';
}

export interface TestOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestOidcProviderOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  clients: TestOidcClient[];
  /** By login name, which is also the subject; read at each sign-in, so tests may add some. */
  accounts: Record<string, TestOidcAccount>;
}

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

const SCOPE = 'openid profile phone';
/** Seconds each artifact lives; stated so the provider does not warn about its defaults. */
const TTL = {
  AccessToken: 600,
  AuthorizationCode: 60,
  Grant: 3600,
  IdToken: 600,
  Interaction: 600,
  Session: 3600,
};
const INTERACTION_PATH = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function loginPage(uid: string, clientId: string, error = ''): string {
  const action = `/interaction/${uid}`;
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>测试平台登录</title></head>
<body>
<h1>测试平台登录</h1>
<p>应用 ${escapeHtml(clientId)} 请求使用你的账号登录</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/login">
<label>账号 <input name="login" autocomplete="username" required autofocus></label>
<button type="submit">登录</button>
</form>
<form method="post" action="${action}/abort"><button type="submit">取消</button></form>
</body>
</html>`;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' };
}

/** Skips the consent screen: the test clients are the provider's own. */
async function loadExistingGrant(ctx: ProviderContext) {
  const { provider, client, session, result } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  if (grantId) return provider.Grant.find(grantId);
  const grant = new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
  grant.addOIDCScope(SCOPE);
  await grant.save();
  return grant;
}

/** The provider's configuration: its clients, its accounts, the login page's address. */
function configuration(options: TestOidcProviderOptions): Record<string, unknown> {
  return {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    findAccount: (_ctx: unknown, id: string) => {
      const account = Object.hasOwn(options.accounts, id) ? options.accounts[id] : undefined;
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          name: account.name,
          ...(account.phoneNumber ? { phone_number: account.phoneNumber } : {}),
          ...(account.phoneNumber && account.phoneNumberVerified !== 'omit'
            ? { phone_number_verified: account.phoneNumberVerified ?? true }
            : {}),
        }),
      };
    },
    claims: {
      openid: ['sub'],
      profile: ['name'],
      phone: ['phone_number', 'phone_number_verified'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, { uid }: { uid: string }) => `/interaction/${uid}` },
    loadExistingGrant,
    adapter: TestOidcMemoryAdapter,
    ttl: TTL,
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey()] },
  };
}

/** The login page and its two buttons: sign in as an account by name, or cancel. */
async function interaction(
  provider: Provider,
  accounts: TestOidcProviderOptions['accounts'],
  request: IncomingMessage,
  response: ServerResponse,
  [uid, step]: [string, string | undefined],
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  const clientId = String(details.params.client_id);
  if (details.uid !== uid) {
    sendHtml(response, 400, '登录已过期，请重新开始');
  } else if (step === undefined) {
    sendHtml(response, 200, loginPage(uid, clientId));
  } else if (request.method !== 'POST') {
    sendHtml(response, 405, '');
  } else if (step === 'abort') {
    const result = { error: 'access_denied', error_description: 'End-User aborted the login' };
    await provider.interactionFinished(request, response, result, {
      mergeWithLastSubmission: false,
    });
  } else {
    const login = (await readForm(request)).get('login')?.trim() ?? '';
    if (Object.hasOwn(accounts, login)) {
      await provider.interactionFinished(request, response, { login: { accountId: login } });
    } else {
      sendHtml(response, 400, loginPage(uid, clientId, '账号不存在'));
    }
  }
}

/** Starts the provider on 127.0.0.1. */
export async function startTestOidcProvider(
  options: TestOidcProviderOptions,
): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  // The issuer names the port, which is known only once listening.
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, configuration(options));
  const handle = provider.callback();

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = INTERACTION_PATH.exec(request.url ?? '');
    if (!path) {
      handle(request, response);
      return;
    }
    const [, uid = '', step] = path;
    interaction(provider, options.accounts, request, response, [uid, step]).catch(
      (error: unknown) => {
        sendHtml(response, 500, escapeHtml(String(error)));
      },
    );
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}
