/** What the follow and block calls tell the caller. */
export const followMessages = {
  userNotFound: '用户不存在',
  followSelf: '不能关注自己',
  blockSelf: '不能拉黑自己',
  keywordEmpty: '请输入要搜索的昵称',
  youBlocked: '你已拉黑该用户，请先取消拉黑再关注',
  blockedYou: '由于对方的隐私设置，你无法关注该用户',
} as const;
