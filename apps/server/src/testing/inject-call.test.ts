import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCall } from '@melon/shared/calls/call';
import { getEmojiData } from '@melon/shared/calls/emoji.calls';
import { getSeriesItems } from '@melon/shared/calls/series.calls';
import { callUrl, injectCall } from './inject-call.ts';

const echo = defineCall({
  method: 'POST',
  path: '/api/test/echo/:word',
  tag: 'test',
  summary: '回显',
  response: getEmojiData.response,
});

const app = Fastify();
app.post('/api/test/echo/:word', (request) => ({
  url: request.url,
  body: request.body,
  ip: request.ip,
  marker: request.headers['x-marker'],
}));
beforeAll(() => app.ready());
afterAll(() => app.close());

describe('callUrl', () => {
  it('is the path with aid=1768 for a call without input', () => {
    expect(callUrl(getEmojiData)).toBe('/api/otherv2/emoji_data?aid=1768');
  });

  it('fills the path parameters and puts the query before aid, as the web client does', () => {
    expect(
      callUrl(getSeriesItems, { params: { SeriesID: '12', Cursor: 0 }, query: { q: '西 瓜' } }),
    ).toBe('/api/videov2/list/series_items/12/0?q=%E8%A5%BF+%E7%93%9C&aid=1768');
  });
});

describe('injectCall', () => {
  it("sends the declaration's method to its URL with the payload, headers and address", async () => {
    const response = await injectCall(app, echo, {
      params: { word: 'a/b' },
      payload: { n: 1 },
      headers: { 'x-marker': 'yes' },
      remoteAddress: '10.9.8.7',
    });
    expect(response.json()).toEqual({
      url: '/api/test/echo/a%2Fb?aid=1768',
      body: { n: 1 },
      ip: '10.9.8.7',
      marker: 'yes',
    });
  });
});
