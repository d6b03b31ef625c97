import { appendFile, chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { MessageProvider, MessageTag } from './message-provider.ts';

/** Where the outbox lives under the data dir. */
export const outboxDir = (dataDir: string): string => path.join(dataDir, 'outbox');
export const SMS_OUTBOX_FILE = 'sms.jsonl';
export const EMAIL_OUTBOX_FILE = 'email.jsonl';

/** One line of outbox/sms.jsonl or outbox/email.jsonl. */
export interface OutboxEntry {
  to: string;
  /** Emails only. */
  subject?: string;
  text: string;
  code: string | null;
  purpose: string | null;
  /** ISO 8601, UTC. */
  sent_at: string;
}

/**
 * The provider used while no real gateway is configured: every message becomes one JSON line
 * in the outbox, which a developer or a browser test reads instead of a phone.
 *
 * The lines hold sign-in codes, so the folder is the server user's alone (0700) and so are the
 * files (0600); the modes are set again on each file's first write in this process, which also
 * closes an outbox an earlier version made readable by everyone. Later writes are one append
 * each: every file-system call is a trip through libuv's thread pool, queued behind media reads.
 */
export function createOutboxProvider(dataDir: string): MessageProvider {
  const dir = outboxDir(dataDir);
  const secured = new Map<string, Promise<void>>();
  const secure = async (target: string): Promise<void> => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
    await appendFile(target, '', { mode: 0o600 });
    await chmod(target, 0o600);
  };
  // Each message is one appendFile call: an O_APPEND write, so concurrent lines never interleave.
  async function append(file: string, entry: OutboxEntry): Promise<void> {
    const target = path.join(dir, file);
    let ready = secured.get(target);
    if (!ready) {
      ready = secure(target);
      secured.set(target, ready);
      // A failed attempt (a missing parent, say) is tried again by the next message.
      ready.catch(() => secured.delete(target));
    }
    await ready;
    await appendFile(target, `${JSON.stringify(entry)}\n`, { encoding: 'utf8', mode: 0o600 });
  }
  const tagged = (tag: MessageTag | undefined) => ({
    code: tag?.code ?? null,
    purpose: tag?.purpose ?? null,
    sent_at: new Date().toISOString(),
  });
  return {
    sendSms: (to, text, tag) => append(SMS_OUTBOX_FILE, { to, text, ...tagged(tag) }),
    sendEmail: (to, subject, text, tag) =>
      append(EMAIL_OUTBOX_FILE, { to, subject, text, ...tagged(tag) }),
  };
}
