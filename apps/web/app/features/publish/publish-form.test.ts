import { describe, expect, it } from 'vitest';
import type { Channel } from '@melon/shared/contracts/channel';
import { addTag, checkDraft, titleFromFileName } from './publish-form.ts';
import { publishableChannels } from './publishable-channels.ts';

const draft = { title: '我的视频', abstract: '', tags: [], channelId: '2' };

describe('checkDraft', () => {
  it('passes a complete draft', () => {
    expect(checkDraft(draft)).toEqual({});
  });

  it('needs a title that is not blank and at most 80 characters (an emoji counts once)', () => {
    expect(checkDraft({ ...draft, title: '   ' })).toEqual({ title: '请填写标题' });
    expect(checkDraft({ ...draft, title: '🍉'.repeat(80) })).toEqual({});
    expect(checkDraft({ ...draft, title: '🍉'.repeat(81) }).title).toBe('标题最多 80 个字符');
  });

  it('limits the abstract to 2000 characters and needs a channel', () => {
    expect(checkDraft({ ...draft, abstract: '简'.repeat(2001), channelId: '' })).toEqual({
      abstract: '简介最多 2000 个字符',
      channel: '请选择频道',
    });
  });
});

describe('addTag', () => {
  it('adds a trimmed tag without a leading #', () => {
    expect(addTag(['美食'], '  #旅行 ')).toEqual(['美食', '旅行']);
  });

  it('ignores blank input', () => {
    expect(addTag(['美食'], '   ')).toEqual(['美食']);
  });

  it('refuses a duplicate, an eleventh tag and one over 20 characters', () => {
    expect(addTag(['美食'], '美食')).toEqual({ error: '已经添加过这个标签' });
    const ten = Array.from({ length: 10 }, (_, i) => `标签${i}`);
    expect(addTag(ten, '再来一个')).toEqual({ error: '最多添加 10 个标签' });
    expect(addTag([], '长'.repeat(21))).toEqual({ error: '每个标签不超过 20 个字符' });
  });
});

describe('titleFromFileName', () => {
  it('drops the extension and keeps at most 80 characters', () => {
    expect(titleFromFileName('旅行 vlog.final.mp4')).toBe('旅行 vlog.final');
    expect(titleFromFileName(`${'长'.repeat(100)}.mov`)).toBe('长'.repeat(80));
    expect(titleFromFileName('no-extension')).toBe('no-extension');
  });
});

describe('publishableChannels', () => {
  const channel = (channelId: string, url: string | null = null): Channel => ({
    channelId,
    name: channelId,
    pinyin: channelId,
    parentId: null,
    url,
    icon: '',
  });

  it('leaves out the recommend feed, live and link entries', () => {
    const list = [channel('1'), channel('2'), channel('109'), channel('200', '/vip-center')];
    expect(publishableChannels(list).map((c) => c.channelId)).toEqual(['2']);
  });
});
