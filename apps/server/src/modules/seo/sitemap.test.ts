import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemType, Visibility } from '@melon/db/enums';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { xmlText } from './sitemap-xml.ts';
import { createSitemapService } from './sitemap.service.ts';

/*
 * The sitemap on the dialect under test (decision 038): an index of parts of at most the part
 * size, only items anyone may find, their authors, the channel pages; robots.txt points at it.
 */

let t: TestApp;
let listed: string[];
let hidden: string[];
let author: string;
let quietAuthor: string;
const BASE = 'https://melon.example';

beforeAll(async () => {
  // No MELON_PUBLIC_URL: the site's origin is its own address (http://localhost in tests).
  t = await createTestApp();
  author = await createUser(t.db, t.newId);
  quietAuthor = await createUser(t.db, t.newId);
  listed = [];
  for (let n = 0; n < 5; n += 1) listed.push(await createItem(t.db, t.newId, author));
  listed.push(await createItem(t.db, t.newId, author, { visibility: Visibility.Homepage }));
  hidden = [
    await createItem(t.db, t.newId, quietAuthor, { visibility: Visibility.Self }),
    await createItem(t.db, t.newId, quietAuthor, { visibility: Visibility.Delete }),
    await createItem(t.db, t.newId, author, { itemType: ItemType.Episode }),
  ];
});
afterAll(() => t.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('the sitemap service, with parts of 4', () => {
  const sitemap = () => createSitemapService({ db: t.db, partSize: 4 });

  it('splits the items into parts of at most 4, every listed item once, no hidden one', async () => {
    const index = await sitemap().index(BASE);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual([
      `${BASE}/sitemap-channels.xml`,
      `${BASE}/sitemap-items-1.xml`,
      `${BASE}/sitemap-items-2.xml`,
      `${BASE}/sitemap-authors-1.xml`,
    ]);
    const first = locs((await sitemap().part(BASE, 'items', 1)) ?? '');
    const second = locs((await sitemap().part(BASE, 'items', 2)) ?? '');
    expect(first).toHaveLength(4);
    expect([...first, ...second]).toEqual(listed.map((id) => `${BASE}/${id}`));
    for (const id of hidden) expect(first.concat(second)).not.toContain(`${BASE}/${id}`);
    expect(await sitemap().part(BASE, 'items', 3)).toBeUndefined();
    expect(await sitemap().part(BASE, 'items', 0)).toBeUndefined();
  });

  it('lists authors with a listed item, and the channel pages with the home page first', async () => {
    expect(locs((await sitemap().part(BASE, 'authors', 1)) ?? '')).toEqual([
      `${BASE}/home/${author}`,
    ]);
    const channels = locs(await sitemap().channels(BASE));
    expect(channels[0]).toBe(`${BASE}/`);
    expect(channels).toContain(`${BASE}/channel/youxi`);
    expect(channels).not.toContain(`${BASE}/vip-center`);
  });

  it('escapes what XML reserves', () => {
    expect(xmlText(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});

describe('GET /sitemap.xml, its parts and /robots.txt', () => {
  // Answers shared caches keep: a forged Host or X-Forwarded-Host must never write into them.
  const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
  const get = (url: string) => t.app.inject({ url, headers: hostile });

  it('serves the index and its parts as XML on the site origin, parts of 50 000', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(locs(index.body)).toContain('http://localhost/sitemap-items-1.xml');
    expect(locs(index.body)).not.toContain('http://localhost/sitemap-items-2.xml');
    const items = await get('/sitemap-items-1.xml');
    expect(items.statusCode).toBe(200);
    expect(locs(items.body)).toEqual(listed.map((id) => `http://localhost/${id}`));
    expect(items.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    const channels = await get('/sitemap-channels.xml');
    expect(channels.statusCode).toBe(200);
    expect(locs(channels.body)[0]).toBe('http://localhost/');
    const authors = await get('/sitemap-authors-1.xml');
    expect(authors.statusCode).toBe(200);
    for (const body of [index.body, items.body, channels.body, authors.body]) {
      expect(body).not.toContain('evil.example');
    }
  });

  it.each([
    '/sitemap-items-2.xml',
    '/sitemap-items-0.xml',
    '/sitemap-items-01.xml',
    '/sitemap-items-x.xml',
    '/sitemap-authors-1.json',
    '/sitemap-users-1.xml',
  ])('answers 404 in the envelope for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, data: null });
  });

  it('robots.txt keeps crawlers from personal, operator and API pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/my/', '/user-center/', '/admin/', '/passport/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: http://localhost/sitemap.xml');
    expect(res.body).not.toContain('evil.example');
  });
});

describe('with a public address set (MELON_PUBLIC_URL)', () => {
  it('names it in robots.txt and the sitemap, whatever the Host header says', async () => {
    const site = await createTestApp({ publicUrl: 'https://www.melon.example' });
    try {
      const headers = { host: 'evil.example' };
      const robots = await site.app.inject({ url: '/robots.txt', headers });
      expect(robots.body).toContain('Sitemap: https://www.melon.example/sitemap.xml');
      const index = await site.app.inject({ url: '/sitemap.xml', headers });
      expect(locs(index.body)[0]).toBe('https://www.melon.example/sitemap-channels.xml');
    } finally {
      await site.close();
    }
  });
});
