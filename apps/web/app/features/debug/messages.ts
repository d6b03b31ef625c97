/** The debug page /debug (decision 056). */
export const debugMessages = {
  title: '调试',
  heading: '诊断信息',
  intro:
    '播放或加载出问题时，把这些信息复制给客服，可以帮助我们找到原因。页面不含密码、令牌等隐私信息。',
  checking: '检测中…',
  recheck: '重新检测',
  copy: '复制诊断信息',
  copied: '诊断信息已复制',
  copyFailed: '复制失败，请手动选择文字复制',
  failed: '连接失败',
  timedOut: '超时（5 秒）',
  yes: '是',
  no: '否',
  supported: '支持',
  unsupported: '不支持',
  none: '无',
  unknown: '未知',
  sections: {
    page: '页面',
    browser: '浏览器',
    media: '播放能力',
    storage: '离线与存储',
    network: '网络',
    session: '登录状态',
  },
  labels: {
    checkedAt: '检测时间',
    address: '地址',
    build: '构建版本',
    userAgent: 'User-Agent',
    language: '语言',
    screen: '屏幕',
    online: '联网',
    cookies: 'Cookie',
    mediaSource: 'MediaSource',
    managedMediaSource: 'ManagedMediaSource',
    serviceWorker: 'Service Worker',
    storage: '本站占用',
    persisted: '持久存储',
    clock: '时钟偏差',
    apiRoundTrip: '接口往返',
    socket: 'WebSocket /ws 往返',
    signedIn: '已登录',
    userId: '用户 ID',
  },
  serviceWorker: (registrations: number, controlled: boolean) =>
    registrations === 0 ? '未注册' : `已注册 ${registrations} 个${controlled ? '，控制本页' : ''}`,
  storage: (usageMb: string, quotaMb: string) => `${usageMb} MB / 可用 ${quotaMb} MB`,
  clockSkew: (skewMs: number) => {
    const seconds = (Math.abs(skewMs) / 1000).toFixed(1);
    if (Math.abs(skewMs) < 1000) return `正常（相差 ${seconds} 秒）`;
    return skewMs > 0 ? `本机慢 ${seconds} 秒` : `本机快 ${seconds} 秒`;
  },
  milliseconds: (ms: number) => `${Math.round(ms)} 毫秒`,
} as const;
