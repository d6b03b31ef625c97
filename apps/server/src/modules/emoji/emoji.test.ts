import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmojiData } from '@melon/shared/contracts/emoji';
import { getEmojiData } from '@melon/shared/calls/emoji.calls';
import { injectCall } from '../../testing/inject-call.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** Where the web app keeps its public files; /emoji/*.svg is served from there. */
const WEB_PUBLIC = fileURLToPath(new URL('../../../../web/public', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/otherv2/emoji_data', () => {
  it('answers every [名字] code with a picture the web app ships', async () => {
    const response = await injectCall(t.app, getEmojiData);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const { emoji_list } = response.json<{ data: EmojiData }>().data;
    expect(emoji_list.length).toBeGreaterThanOrEqual(20);
    expect(emoji_list[0]).toEqual({ code: '[微笑]', name: '微笑', url: '/emoji/weixiao.svg' });
    for (const { code, name, url } of emoji_list) {
      expect(code).toBe(`[${name}]`);
      expect(url).toMatch(/^\/emoji\/[a-z]+\.svg$/);
      const svg = readFileSync(path.join(WEB_PUBLIC, url));
      // A drawing only: no script, no external reference, and it renders.
      expect(svg.toString()).not.toMatch(/<script|href=|on[a-z]+=/i);
      expect(await sharp(svg).metadata()).toMatchObject({ format: 'svg', width: 64, height: 64 });
    }
  });
});
