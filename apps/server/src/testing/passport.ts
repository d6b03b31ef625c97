import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { getCaptchaChallenge } from '@melon/shared/calls/captcha.calls';
import { sendSmsCode, smsLogin } from '@melon/shared/calls/passport.calls';
import type { CaptchaChallenge } from '@melon/shared/contracts/passport';
import {
  EMAIL_OUTBOX_FILE,
  outboxDir,
  SMS_OUTBOX_FILE,
  type OutboxEntry,
} from '../modules/notify/outbox-provider.ts';
import { SESSION_COOKIE } from '../modules/session/session.plugin.ts';
import type { TestApp, Visitor } from './test-app.ts';

let ipCounter = 0;
/** A client address of its own, so the limits and failure counts of one test stay there. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(process.pid % 200) + 1}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let mobileCounter = 0;
/** A mainland mobile number not used before in this process. */
export function freshMobile(): string {
  mobileCounter += 1;
  return `139${String((process.pid * 1000 + mobileCounter) % 100_000_000).padStart(8, '0')}`;
}

export async function readOutbox(t: TestApp, kind: 'sms' | 'email'): Promise<OutboxEntry[]> {
  const file = path.join(
    outboxDir(t.dataDir),
    kind === 'sms' ? SMS_OUTBOX_FILE : EMAIL_OUTBOX_FILE,
  );
  try {
    const text = await readFile(file, 'utf8');
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as OutboxEntry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The code sent last to a number or address, read from the outbox like a browser test does. */
export async function lastCode(t: TestApp, kind: 'sms' | 'email', to: string): Promise<string> {
  const entry = (await readOutbox(t, kind)).findLast((e) => e.to === to);
  if (!entry?.code) throw new Error(`no code was sent to ${to}`);
  return entry.code;
}

export interface PostOptions {
  /** The client address; a fresh one when left out. */
  ip?: string;
  headers?: Record<string, string>;
}

/** A JSON POST by a visitor, with its cookie and anti-forgery header. */
export function post(
  t: TestApp,
  url: string,
  visitor: Visitor,
  payload: Record<string, unknown>,
  options: PostOptions = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...visitor.headers, ...options.headers },
    remoteAddress: options.ip ?? freshIp(),
  });
}

/** The session token a response set, or undefined. */
export function sessionTokenOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value === '' ? undefined : cookie?.value;
}

/** The visitor carrying the session a sign-in response set. */
export function withSession(visitor: Visitor, response: LightMyRequestResponse): Visitor {
  const token = sessionTokenOf(response);
  if (!token) throw new Error(`no session was started: ${response.body}`);
  const cookie = `${visitor.cookie}; ${SESSION_COOKIE}=${token}`;
  return { ...visitor, cookie, headers: { ...visitor.headers, cookie } };
}

/**
 * The number whose SHA-256 with the salt is the challenge, found as a browser finds it but with
 * Node's synchronous hash (many times faster than altcha-lib's WebCrypto loop).
 */
function solveSha256(challenge: CaptchaChallenge): number {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    const hash = createHash('sha256').update(`${challenge.salt}${number}`).digest('hex');
    if (hash === challenge.challenge) return number;
  }
  throw new Error('captcha not solved');
}

/** Asks for a challenge and solves it like the browser does; answers the x-captcha-solution value. */
export async function solveCaptcha(t: TestApp, ip = freshIp()): Promise<string> {
  const response = await t.app.inject({
    url: getCaptchaChallenge.path,
    remoteAddress: ip,
  });
  const challenge = response.json<{ data: CaptchaChallenge }>().data;
  const payload = { ...challenge, number: solveSha256(challenge) };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/**
 * Signs a new browser in by SMS code, creating the account on first use; answers the visitor
 * now signed in and its user id. Earlier codes of the number are forgotten first, so the
 * one-a-minute limit does not get in the way.
 */
export async function signInByCode(
  t: TestApp,
  mobile = freshMobile(),
  ip = freshIp(),
): Promise<{ visitor: Visitor; userId: string; mobile: string }> {
  const visitor = t.visitor();
  await t.db.deleteFrom('verification_codes').where('target', '=', mobile).execute();
  await post(t, sendSmsCode.path, visitor, { mobile, type: 'login' }, { ip });
  const code = await lastCode(t, 'sms', mobile);
  const response = await post(t, smsLogin.path, visitor, { mobile, code }, { ip });
  const userId = response.json<{ data: { user_id: string } }>().data.user_id;
  return { visitor: withSession(visitor, response), userId, mobile };
}
