/** What the danmaku calls tell the caller. */
export const danmakuMessages = {
  itemNotFound: '视频不存在',
  danmakuNotFound: '弹幕不存在',
  textLength: '弹幕长度为 1–100 个字符',
  controlChars: '弹幕不能包含控制字符或不可见的格式字符',
  textInvisible: '弹幕至少要有一个可见字符',
  poolAuthorOnly: '只有视频作者可以发送字幕弹幕和特殊弹幕',
  blockedByAuthor: '你已被该视频的作者拉黑，无法发送弹幕',
  replyOtherItem: '只能回复同一视频下的弹幕',
  offsetOutOfRange: '弹幕时间超出视频时长',
  notYours: '只能删除自己发送的弹幕或自己视频下的弹幕',
  tooFrequent: (wait: string) => `发送过于频繁，请 ${wait} 后再试`,
  shieldTooLong: '屏蔽词最多 20 个字符',
  shieldEmpty: '屏蔽词不能为空',
  shieldForbidden: '屏蔽词不能包含控制字符或不可见的格式字符',
  shieldFull: '屏蔽词最多 200 个',
  shieldNotFound: '屏蔽词不存在',
  unknownAction: '不支持的操作',
  unknownSticker: '表情不存在',
  /** The note at the top of an export that holds only the newest danmaku. */
  exportCut: (max: number) => `弹幕超过 ${max} 条，此文件只含最新发送的 ${max} 条`,
} as const;
