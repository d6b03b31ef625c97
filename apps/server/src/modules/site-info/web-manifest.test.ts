import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/** The web app's public files, served at the site's root. */
const WEB_PUBLIC = fileURLToPath(new URL('../../../../web/public', import.meta.url));

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

const manifest = JSON.parse(
  readFileSync(path.join(WEB_PUBLIC, 'manifest.webmanifest'), 'utf8'),
) as Record<string, unknown> & { icons: ManifestIcon[] };

/** What Chromium asks of a manifest before it offers to install the site (decision 056). */
describe('the web app manifest', () => {
  it('names the app, starts at the root and opens standalone', () => {
    expect(manifest).toMatchObject({ name: '甜瓜视频', start_url: '/', display: 'standalone' });
    expect(manifest.prefer_related_applications).toBeUndefined();
  });

  it('has PNG icons of 192 and 512 pixels, and a maskable one, each as declared', async () => {
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...pngs, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
      const file = readFileSync(path.join(WEB_PUBLIC, icon.src));
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(await sharp(file).metadata()).toMatchObject({ format: 'png', width, height });
    }
  });

  it('gives iOS and the maskable icon an opaque square (no black corners)', async () => {
    for (const src of ['/apple-touch-icon.png', '/icon-maskable-512.png']) {
      const { isOpaque } = await sharp(readFileSync(path.join(WEB_PUBLIC, src))).stats();
      expect(isOpaque).toBe(true);
    }
  });
});
