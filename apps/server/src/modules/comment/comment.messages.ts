/** What the comment calls tell the caller. */
export const commentMessages = {
  itemNotFound: '视频不存在',
  commentNotFound: '评论不存在',
  videoRequired: '请指定视频 group_id',
  textLength: '评论长度为 1–1000 个字',
  hiddenChars: '评论不能包含控制字符或不可见的格式字符',
  blocked: '由于作者的设置，你无法评论该视频',
  notYours: '只能删除自己的评论或自己视频下的评论',
  authorOnly: '只有视频作者可以进行此操作',
  stickRootOnly: '只能置顶评论，不能置顶回复',
  notHeld: '该评论不在待审核状态',
  badOffset: '翻页参数不合法，请刷新后重试',
  listExpired: '评论列表已更新，请刷新后重试',
  filterEmpty: '过滤词不能为空',
  filterTooLong: '过滤词最多 20 个字',
  filterFull: '过滤词最多 100 个',
  filterNotFound: '过滤词不存在',
} as const;
