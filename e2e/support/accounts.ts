import { randomFillSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import {
  emailRegister,
  passwordLogin,
  sendEmailCode,
  sendSmsCode,
  smsLogin,
} from '@melon/shared/calls/passport.calls';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import { E2E_CODE_RESEND_INTERVAL_SECONDS } from './code-interval.ts';
import { currentSite } from './sites.ts';

/*
 * Helpers of the accounts browser tests: unique mobile numbers and emails, the codes the demo
 * server writes to its outbox instead of sending, and signing a context in through the API.
 */

/** The outbox of the site this worker tests (its MELON_DATA_DIR, sites.ts). */
const OUTBOX = path.join(currentSite().dataPath, 'outbox');

let serial = 0;
const uniqueDigits = (count: number): string =>
  `${Date.now()}${String(serial++).padStart(2, '0')}`.slice(-count);

/** A mainland number of the 137 range, unused by the other tests. */
export const uniqueMobile = (): string => `137${uniqueDigits(8)}`;

export const uniqueEmail = (): string => `fan${uniqueDigits(10)}@melon.test`;

interface OutboxEntry {
  to: string;
  code: string | null;
  purpose: string | null;
  sent_at: string;
}

/** What the file outbox of the site under test holds for one channel, oldest first. */
async function outbox(channel: 'sms' | 'email'): Promise<OutboxEntry[]> {
  const file = path.join(OUTBOX, channel === 'sms' ? 'sms.jsonl' : 'email.jsonl');
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
}

async function latestCode(
  channel: 'sms' | 'email',
  to: string,
  purpose: string,
  sentAfter: number,
): Promise<string | null> {
  const entries = (await outbox(channel)).filter(
    (entry) =>
      entry.to === to && entry.purpose === purpose && Date.parse(entry.sent_at) >= sentAfter,
  );
  return entries.at(-1)?.code ?? null;
}

/**
 * The newest code sent to `to` for `purpose`, waiting for it to arrive. A page that asks for a
 * code to an address that had one before passes the moment it asked as `sentAfter`, so that
 * the earlier code is not taken for the new one before the new one is written.
 */
export async function codeFor(
  channel: 'sms' | 'email',
  to: string,
  purpose: 'login' | 'register' | 'reset',
  sentAfter = 0,
): Promise<string> {
  await expect
    .poll(() => latestCode(channel, to, purpose, sentAfter), {
      message: `a ${purpose} code to ${to}`,
    })
    .toMatch(/^\d{6}$/);
  return (await latestCode(channel, to, purpose, sentAfter)) ?? '';
}

/** The anti-forgery header for calls made with this request context (and its cookies). */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/api/otherv2/global_config');
  const body = (await response.json()) as { data: { csrfToken: string } };
  return { 'x-csrf-token': body.data.csrfToken };
}

/**
 * Sign-ins that only set a test up each come from an address of their own (TEST-NET-2), the way
 * a reverse proxy on loopback forwards its clients' addresses (the server trusts loopback): the
 * suite makes far more sign-ins than one person, and the tests that exercise the per-address
 * limits and failure counters of 127.0.0.1 must not be tripped by another test's set-up.
 */
let setupAddresses = 0;
const nextSetupAddress = () => `198.51.100.${(setupAddresses++ % 254) + 1}`;

/**
 * A browser context whose every request comes from an address of its own (as `post` below),
 * for journeys that sign in through the page but do not test the per-address limits: by the
 * time they run, the suite's earlier sign-ins from 127.0.0.1 may have raised its captcha.
 */
export function contextOfItsOwn(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, 'x-forwarded-for': nextSetupAddress() },
  });
}

async function post<T>(
  request: APIRequestContext,
  url: string,
  data: Record<string, unknown>,
): Promise<T> {
  const headers = { ...(await csrfHeaders(request)), 'x-forwarded-for': nextSetupAddress() };
  const response = await request.post(url, { headers, data });
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, `${url}: ${body.message}`).toBe(200);
  return body.data;
}

/** Signs the context in with an SMS code, creating the account; answers it. */
export async function signInWithSms(context: BrowserContext, mobile: string): Promise<AccountInfo> {
  await post(context.request, sendSmsCode.path, { mobile, type: 'login' });
  const code = await codeFor('sms', mobile, 'login');
  return post<AccountInfo>(context.request, smsLogin.path, { mobile, code });
}

/** Registers an email account with a password and signs the context in. */
export async function registerWithEmail(
  context: BrowserContext,
  email: string,
  password: string,
): Promise<AccountInfo> {
  await post(context.request, sendEmailCode.path, { email, type: 'register' });
  const code = await codeFor('email', email, 'register');
  return post<AccountInfo>(context.request, emailRegister.path, {
    email,
    code,
    password,
  });
}

/** The header's user menu button: present only when signed in. */
export const userMenu = (page: Page) =>
  page.getByRole('banner').locator('button[aria-haspopup="menu"]');

/** The header's 登录 link: present only when signed out. */
export const loginButton = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: '登录', exact: true });

export const loginDialog = (page: Page) => page.getByRole('dialog');

/** Console errors and page errors, to assert none happened. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Signs the context in with a password (no code needed). */
export async function signInWithPassword(
  context: BrowserContext,
  account: string,
  password: string,
): Promise<AccountInfo> {
  return post<AccountInfo>(context.request, passwordLogin.path, { account, password });
}

/** An RGB PNG of random pixels: it hardly compresses, so its size is about 3 × width × height. */
export function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    rows[start] = 0; // filter: none
    randomFillSync(rows, start + 1, width * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/*
 * A number gets one code a minute, and a password reset needs both a session made with a code
 * and a new code. So the first account test signs this number in and keeps the session in a
 * file of the run's data dir; the reset test near the end of the run takes it from there.
 */
export const RESET_MOBILE = '13755550123';
export const RESET_SESSION_FILE = path.join(currentSite().dataPath, 'reset-session.json');

/** Waits until another code may be sent to `mobile` (the site's interval after the last one). */
export async function waitForCodeInterval(mobile: string): Promise<void> {
  const last = (await outbox('sms')).filter((entry) => entry.to === mobile).at(-1);
  if (!last) return;
  const wait =
    Date.parse(last.sent_at) + (E2E_CODE_RESEND_INTERVAL_SECONDS + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
