/** What the like, favourite and vote calls tell the caller. */
export const favoriteMessages = {
  itemNotFound: '视频不存在',
  voteNotFound: '投票不存在',
  optionNotFound: '投票选项不存在',
  alreadyVoted: '你已经投过票了',
} as const;
