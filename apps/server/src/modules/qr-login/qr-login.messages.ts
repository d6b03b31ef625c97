/** User-facing messages of scan-code login. */
export const qrLoginMessages = {
  unknown: '二维码不存在，请刷新二维码',
  expired: '二维码已过期，请刷新后重新扫码',
  scannedByOther: '二维码已被其他账号扫描',
  notScanned: '请先扫描二维码',
  alreadyConfirmed: '已确认登录，无需重复操作',
  changed: '二维码状态已变化，请重试',
  checkDevice: '请先核对请求登录的设备，确认是你本人在登录',
} as const;
