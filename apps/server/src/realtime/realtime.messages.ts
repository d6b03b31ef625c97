/** What the gateway tells a client in its error messages. */
export const realtimeMessages = {
  notJson: '消息须为 JSON 对象',
  unknownOp: '不支持的操作',
  badTopic: '频道格式应为 danmaku:<item_id>',
  itemNotFound: '视频不存在',
  tooManyTopics: (max: number) => `每个连接最多订阅 ${max} 个频道`,
  tooFast: '消息发送过于频繁，请稍后再试',
  tooManyConnections: (max: number) => `同一网络最多同时保持 ${max} 个实时连接`,
  upgradeRequired: '此地址只接受 WebSocket 连接',
  badOrigin: '不允许从其他网站连接',
  serverError: '服务繁忙，请稍后再试',
} as const;
