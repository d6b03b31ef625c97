import { SEO_LINKS_MAX } from '@melon/shared/contracts/seo';
import type { FieldMessage } from '../../http/field-messages.ts';

/** What the SEO calls say: the link blocks' headings and the refusals. */
export const seoMessages = {
  hotSpots: '热点视频',
  hotAuthors: '热门作者',
  voteLinks: '热门投票',
  channels: '频道导航',
  count: `链接条数须为 1–${SEO_LINKS_MAX}`,
  badPart: '站点地图分页不存在',
};

export const seoFieldMessages: Record<string, FieldMessage> = {
  count: { missing: seoMessages.count, invalid: seoMessages.count },
};
