/** User-facing text of the human verification (SPEC §4 captcha). */
export const captchaMessages = {
  title: '人机验证',
  intro: '检测到操作异常，请稍候，正在完成安全验证…',
  progress: '验证进度',
  solving: (percent: number) => `正在验证… ${percent}%`,
  fetching: '正在获取验证…',
  passed: '验证通过',
  failed: '验证失败，请重试',
  retry: '重新验证',
  close: '关闭',
  note: '验证在你的浏览器中完成，不会收集任何个人信息',
} as const;
