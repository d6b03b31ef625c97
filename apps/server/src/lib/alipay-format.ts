import { createPrivateKey, createPublicKey } from 'node:crypto';

/*
 * Alipay's wire formats (decision 048), shared by the Alipay adapter (modules/pay/alipay) and
 * the sandbox that plays Alipay (modules/pay-sandbox): amounts in yuan with two decimals,
 * times in Beijing time as `yyyy-MM-dd HH:mm:ss`, keys as PEM or bare base64.
 */

const YUAN = /^(0|[1-9][0-9]{0,9})(?:\.([0-9]{1,2}))?$/;
const BEIJING_OFFSET_MS = 8 * 3600_000;
const BEIJING_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** 2500 → "25.00". */
export function yuanOf(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** "25.00" → 2500; null for anything that is not an amount. */
export function fenOf(yuan: string | undefined): number | null {
  const match = YUAN.exec(yuan ?? '');
  if (!match) return null;
  const [, whole = '0', cents = ''] = match;
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** UTC ms → "2026-11-26 13:05:00" in Beijing time. */
export function beijingTime(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** "2026-11-26 13:05:00" (Beijing time) → UTC ms; null when it is not such a time. */
export function parseBeijingTime(text: string | undefined): number | null {
  const match = BEIJING_TIME.exec(text ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const ms = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0) - BEIJING_OFFSET_MS;
  return Number.isNaN(ms) ? null : ms;
}

/** A private key given as PEM (PKCS#8 or PKCS#1) or bare base64 DER, as PKCS#8 PEM. */
export function privateKeyPem(key: string): string {
  const text = key.trim();
  const parsed = text.startsWith('-----')
    ? createPrivateKey(text)
    : tryEach([
        () => createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' }),
        () => createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs1' }),
      ]);
  return parsed.export({ format: 'pem', type: 'pkcs8' }).toString().trim();
}

/** A public key given as PEM or bare base64 DER (SPKI, as Alipay shows it), as SPKI PEM. */
export function publicKeyPem(key: string): string {
  const text = key.trim();
  const parsed = text.startsWith('-----')
    ? createPublicKey(text)
    : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
  return parsed.export({ format: 'pem', type: 'spki' }).toString().trim();
}

function tryEach<T>(attempts: readonly (() => T)[]): T {
  let failure: unknown;
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
