import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub, Meta, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { videoDetails } from '@melon/shared/testing/video-details';
import { isoDuration } from '~/features/video-page/video-json-ld.ts';
import { videoPageMeta } from './video-page.meta.ts';

const ORIGIN = 'https://melon.example';
const HOSTILE = '</script><script>alert(1)</script> & <b>"引号"</b>';

/** The head React Router renders for a video page whose details are these. */
function renderHead(details = videoDetails()): string {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: () => createElement('div', null, createElement(Meta), createElement(Outlet)),
      children: [
        {
          id: 'video',
          path: ':mixId',
          Component: () => null,
          meta: (args) => videoPageMeta(args, details, `/${details.group_id}`),
        },
      ],
    },
  ]);
  return renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: [`/${details.group_id}?from=feed`],
      hydrationData: { loaderData: { root: { origin: ORIGIN }, video: {} } },
    }),
  );
}

/** The JSON-LD of the head, parsed as a crawler does. */
function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
}

describe('the video page head', () => {
  const details = videoDetails({
    title: '西瓜的夏天',
    abstract: '一段关于西瓜的短片',
    cover_url: '/media/covers/a-large.webp',
    duration: 3723.4,
    play_count: 1234,
    digg_count: 56,
    comment_count: 7,
    publish_time: 1_795_000_000,
  });

  it('has the title, description, canonical address and Open Graph tags', () => {
    const html = renderHead(details);
    expect(html).toContain('<title>西瓜的夏天 - 甜瓜视频</title>');
    expect(html).toContain('<meta name="description" content="一段关于西瓜的短片"/>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/7000000000000000001"/>`);
    expect(html).toContain('<meta property="og:type" content="video.other"/>');
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/7000000000000000001"/>`);
    expect(html).toContain(
      `<meta property="og:image" content="${ORIGIN}/media/covers/a-large.webp"/>`,
    );
  });

  it('carries a VideoObject with ISO 8601 duration, counts and the embeddable player', () => {
    expect(jsonLdOf(renderHead(details))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: '西瓜的夏天',
      description: '一段关于西瓜的短片',
      thumbnailUrl: [`${ORIGIN}/media/covers/a-large.webp`],
      uploadDate: new Date(1_795_000_000_000).toISOString(),
      duration: 'PT1H2M3S',
      embedUrl: `${ORIGIN}/iframe/7000000000000000001`,
      interactionStatistic: [
        {
          '@type': 'InteractionCounter',
          interactionType: { '@type': 'WatchAction' },
          userInteractionCount: 1234,
        },
        {
          '@type': 'InteractionCounter',
          interactionType: { '@type': 'LikeAction' },
          userInteractionCount: 56,
        },
        {
          '@type': 'InteractionCounter',
          interactionType: { '@type': 'CommentAction' },
          userInteractionCount: 7,
        },
      ],
      author: { '@type': 'Person', name: '作者', url: `${ORIGIN}/home/1` },
    });
  });

  it('keeps a title that closes the script inside the JSON-LD: no markup escapes it', () => {
    const html = renderHead(videoDetails({ title: HOSTILE, abstract: HOSTILE }));
    // One script element only: the title's </script> did not end it, nor open another.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<b>');
    const ld = jsonLdOf(html);
    expect(ld.name).toBe(HOSTILE);
    expect(ld.description).toBe(HOSTILE);
    // In the attributes, the title is text too.
    expect(html).toContain('<meta property="og:title" content="&lt;/script&gt;');
  });
});

describe('isoDuration', () => {
  it.each([
    [0, 'PT0S'],
    [45, 'PT45S'],
    [61.5, 'PT1M2S'],
    [3600, 'PT1H'],
    [7322, 'PT2H2M2S'],
    [-3, 'PT0S'],
    [Number.NaN, 'PT0S'],
  ])('%s s is %s', (seconds, iso) => {
    expect(isoDuration(seconds)).toBe(iso);
  });
});
