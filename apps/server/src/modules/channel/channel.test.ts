import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, ChannelList } from '@melon/shared/contracts/channel';
import { getChannelByPinyin, getChannelList } from '@melon/shared/calls/channel.calls';
import { injectCall } from '../../testing/inject-call.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEFAULT_CHANNELS } from './channel-catalogue.ts';
import { ensureDefaultChannels } from './ensure-default-channels.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('channels', () => {
  it('lists the side menu in order, with pinyin paths and own urls', async () => {
    const response = await injectCall(t.app, getChannelList);
    expect(response.statusCode).toBe(200);
    const { list } = response.json<{ data: ChannelList }>().data;
    expect(list.map((c) => c.name)).toEqual(DEFAULT_CHANNELS.map((c) => c.name));
    expect(list[0]).toMatchObject({ channelId: '1', name: '推荐', pinyin: 'tuijian', url: null });
    expect(list.find((c) => c.pinyin === 'zhibo')?.channelId).toBe('109');
    expect(list.find((c) => c.pinyin === 'huiyuan')?.url).toBe('/vip-center');
  });

  it('seeding twice leaves one menu', async () => {
    await ensureDefaultChannels(t.db);
    const rows = await t.db.selectFrom('channels').select('id').execute();
    expect(rows).toHaveLength(DEFAULT_CHANNELS.length);
  });

  it('finds a channel by its pinyin', async () => {
    const response = await t.app.inject({ url: `${getChannelByPinyin.path}?pinyin=youxi` });
    expect(response.json<{ data: Channel }>().data).toMatchObject({ channelId: '3', name: '游戏' });
  });

  it('answers 404 for an unknown pinyin and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({ url: `${getChannelByPinyin.path}?pinyin=nosuch` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, data: null });
    const malformed = await t.app.inject({
      url: `${getChannelByPinyin.path}?pinyin=${encodeURIComponent('<b>')}`,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 400, field: 'pinyin' });
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const response = await t.app.inject({ url: '/api/nosuch/call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, data: null });
  });
});
