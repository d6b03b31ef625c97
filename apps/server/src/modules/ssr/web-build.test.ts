import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWebBuild } from './web-build.ts';

/** A web build whose server entry records the NODE_ENV its libraries see when they load. */
function fakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'melon-web-build-'));
  mkdirSync(path.join(root, 'build/server'), { recursive: true });
  writeFileSync(
    path.join(root, 'build/server/index.js'),
    'export const modeAtLoad = process.env.NODE_ENV;\nexport const renderRequest = () => null;\n',
  );
  return root;
}

describe('loadWebBuild', () => {
  const saved = process.env.NODE_ENV;
  const roots: string[] = [];
  afterEach(() => {
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  async function modeSeenByBuild(): Promise<unknown> {
    const root = fakeBuild();
    roots.push(root);
    expect(await loadWebBuild(root)).toBeDefined();
    const entry = path.join(root, 'build/server/index.js');
    return ((await import(entry)) as { modeAtLoad: unknown }).modeAtLoad;
  }

  it('loads the build in production mode when NODE_ENV is unset, so React renders with its production build', async () => {
    delete process.env.NODE_ENV;
    expect(await modeSeenByBuild()).toBe('production');
  });

  it('keeps a NODE_ENV the operator set', async () => {
    process.env.NODE_ENV = 'development';
    expect(await modeSeenByBuild()).toBe('development');
  });

  it('answers undefined when the web app has not been built', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'melon-web-build-'));
    roots.push(root);
    expect(await loadWebBuild(root)).toBeUndefined();
  });
});
