/** The author calls' answers to the user (zh-CN). */
export const authorMessages = {
  unknownAuthor: '作者不存在',
  pidTaken: '这个个性 ID 已被使用',
} as const;
