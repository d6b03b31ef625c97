import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSiteSecret, SiteSecretError } from './site-secret.ts';

const siteSecretModule = fileURLToPath(new URL('./site-secret.ts', import.meta.url));
const run = promisify(execFile);

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'melon-secret-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const secretFile = () => path.join(dataDir, 'site-secret.key');

describe('loadSiteSecret', () => {
  it('makes a 32-byte secret on first start, readable by the owner only, and keeps it', () => {
    const first = loadSiteSecret(dataDir);
    expect(first.length).toBe(32);
    expect(statSync(secretFile()).mode & 0o777).toBe(0o600);
    expect(loadSiteSecret(dataDir).equals(first)).toBe(true);
    // No temporary file is left beside it.
    expect(readdirSync(dataDir)).toEqual(['site-secret.key']);
  });

  it.each([
    ['empty', ''],
    ['only a line break', '\n'],
    ['cut short', Buffer.alloc(31, 7).toString('base64url')],
  ])('refuses to start on a secret file that is %s, naming the file', (_, content) => {
    writeFileSync(secretFile(), content);
    let thrown: unknown;
    try {
      loadSiteSecret(dataDir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SiteSecretError);
    expect((thrown as Error).message).toContain(secretFile());
    expect((thrown as Error).message).toContain('32');
    // The file is left as it was for the operator to look at.
    expect(readFileSync(secretFile(), 'utf8')).toBe(content);
  });

  it('accepts a secret longer than 32 bytes', () => {
    const long = Buffer.alloc(48, 9);
    writeFileSync(secretFile(), `${long.toString('base64url')}\n`);
    expect(loadSiteSecret(dataDir).equals(long)).toBe(true);
  });

  it('gives concurrent first starts one whole secret', async () => {
    // Four processes make the secrets of the same 500 data dirs in the same order, from the same
    // moment: most dirs see two or more first starts racing.
    const dirs = Array.from({ length: 500 }, (_, index) => path.join(dataDir, `d${index}`));
    const startAt = Date.now() + 1500;
    const script = `import { loadSiteSecret } from ${JSON.stringify(siteSecretModule)};
const dirs = ${JSON.stringify(dirs)};
while (Date.now() < ${startAt});
const secrets = dirs.map((dir) => {
  try { return loadSiteSecret(dir).toString('hex'); } catch (error) { return String(error); }
});
process.stdout.write(JSON.stringify(secrets));`;
    const starts = await Promise.all(
      Array.from({ length: 4 }, () => run(process.execPath, ['--input-type=module', '-e', script])),
    );
    const byProcess = starts.map((start) => JSON.parse(start.stdout) as string[]);
    dirs.forEach((dir, index) => {
      const onDisk = loadSiteSecret(dir).toString('hex');
      expect(onDisk).toHaveLength(64);
      expect(byProcess.map((secrets) => secrets[index])).toEqual([onDisk, onDisk, onDisk, onDisk]);
      expect(readdirSync(dir)).toEqual(['site-secret.key']);
    });
  });
});
