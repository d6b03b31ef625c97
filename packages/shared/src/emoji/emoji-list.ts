/**
 * The site's emoji: `[微笑]`-style codes written in comments and danmaku, each drawn as a small
 * SVG of Melon's own under the web app's public `/emoji/` path (decision 031). A code's name
 * never changes once given: stored text carries it.
 */
export interface Emoji {
  /** The code as written in text: the name in square brackets. */
  code: string;
  /** The name in Chinese, also the picture's alt text. */
  name: string;
  /** Where the picture is served. */
  url: string;
}

/** Where the pictures are served from: apps/web/public/emoji/. */
export const EMOJI_URL_PREFIX = '/emoji/';

/** Name and picture file of each emoji, in the picker's order. */
const EMOJI_FILES: readonly (readonly [name: string, file: string])[] = [
  ['微笑', 'weixiao'],
  ['大笑', 'daxiao'],
  ['偷笑', 'touxiao'],
  ['憨笑', 'hanxiao'],
  ['害羞', 'haixiu'],
  ['喜欢', 'xihuan'],
  ['呲牙', 'ciya'],
  ['调皮', 'tiaopi'],
  ['眨眼', 'zhayan'],
  ['得意', 'deyi'],
  ['惊讶', 'jingya'],
  ['疑问', 'yiwen'],
  ['思考', 'sikao'],
  ['尴尬', 'ganga'],
  ['无语', 'wuyu'],
  ['难过', 'nanguo'],
  ['流泪', 'liulei'],
  ['大哭', 'daku'],
  ['发怒', 'fanu'],
  ['晕', 'yun'],
  ['睡觉', 'shuijiao'],
  ['亲亲', 'qinqin'],
  ['爱心', 'aixin'],
  ['心碎', 'xinsui'],
  ['点赞', 'dianzan'],
  ['玫瑰', 'meigui'],
  ['西瓜', 'xigua'],
  ['蛋糕', 'dangao'],
  ['礼物', 'liwu'],
  ['太阳', 'taiyang'],
  ['月亮', 'yueliang'],
  ['火', 'huo'],
  ['666', 'liuliuliu'],
];

/** Every emoji, in the picker's order. */
export const EMOJI: readonly Emoji[] = EMOJI_FILES.map(([name, file]) => ({
  code: `[${name}]`,
  name,
  url: `${EMOJI_URL_PREFIX}${file}.svg`,
}));
