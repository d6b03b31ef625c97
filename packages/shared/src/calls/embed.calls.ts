import { IframeAccessibility, IframeAccessibilityQuery } from '../contracts/embed.ts';
import { defineCall } from './call.ts';

/** Whether a video may be embedded, and what a visitor plays in the frame (decision 057). */
export const getIframeAccessibility = defineCall({
  method: 'GET',
  path: '/api/otherv2/get_iframe_accessibility',
  tag: 'video',
  summary: '视频能否嵌入其他网站播放，访客在嵌入播放器里能看到完整视频还是试看片段',
  query: IframeAccessibilityQuery,
  response: IframeAccessibility,
});
