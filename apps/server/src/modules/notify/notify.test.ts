import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import notify from './notify.plugin.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-notify-'));
  dirs.push(dataDir);
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(notify, { dataDir });
  await app.ready();
  return { app, dataDir, lines };
}

const readLines = (file: string): unknown[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);

describe('the outbox message provider', () => {
  it('warns once at start that no real provider is configured', async () => {
    const { app, lines } = await startApp();
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/no SMS or email provider is configured.*outbox/);
    await app.close();
  });

  it('writes each message as one JSON line', async () => {
    const { app, dataDir } = await startApp();
    await app.messages.sendSms('13800138000', '验证码 123456', {
      code: '123456',
      purpose: 'login',
    });
    await app.messages.sendSms('13800138001', '你好');
    await app.messages.sendEmail('a@example.com', '主题', '正文 654321', {
      code: '654321',
      purpose: 'register',
    });
    const sms = readLines(path.join(dataDir, 'outbox', 'sms.jsonl'));
    expect(sms).toEqual([
      {
        to: '13800138000',
        text: '验证码 123456',
        code: '123456',
        purpose: 'login',
        sent_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
      },
      expect.objectContaining({ to: '13800138001', code: null, purpose: null }),
    ]);
    expect(readLines(path.join(dataDir, 'outbox', 'email.jsonl'))).toEqual([
      expect.objectContaining({
        to: 'a@example.com',
        subject: '主题',
        text: '正文 654321',
        code: '654321',
        purpose: 'register',
      }),
    ]);
    await app.close();
  });

  it('keeps the outbox readable by its owner only', async () => {
    const { app, dataDir } = await startApp();
    await app.messages.sendSms('13800138000', '验证码 123456', {
      code: '123456',
      purpose: 'login',
    });
    await app.messages.sendEmail('a@example.com', '主题', '正文 654321');
    const mode = (file: string) => statSync(path.join(dataDir, 'outbox', file)).mode & 0o777;
    expect(mode('')).toBe(0o700);
    expect(mode('sms.jsonl')).toBe(0o600);
    expect(mode('email.jsonl')).toBe(0o600);
    await app.close();
  });

  it('closes an outbox an earlier version left open to everyone', async () => {
    const { app, dataDir } = await startApp();
    const dir = path.join(dataDir, 'outbox');
    mkdirSync(dir, { mode: 0o755 });
    writeFileSync(path.join(dir, 'sms.jsonl'), '', { mode: 0o644 });
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'sms.jsonl'), 0o644);
    await app.messages.sendSms('13800138000', '验证码 123456');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'sms.jsonl')).mode & 0o777).toBe(0o600);
    await app.close();
  });
});
