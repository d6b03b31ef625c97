import { NAME_CHANGE_INTERVAL_DAYS, NAME_MAX_LENGTH } from '@melon/shared/contracts/user-center';

/** User-facing text of the user centre. */
export const userCenterMessages = {
  title: '个人中心',
  tabsLabel: '个人中心栏目',
  tabs: { profile: '个人资料', devices: '登录设备', publish: '发布视频' },
  signedOut: '登录后即可进入个人中心',
  avatar: {
    change: '更换头像',
    hint: '支持 JPG、PNG、WebP、GIF、AVIF，不超过 5MB',
    uploading: (percent: number) => `上传中 ${percent}%`,
    processing: '处理中…',
    progress: '头像上传进度',
    done: '头像已更新',
    notImage: '请选择 JPG、PNG、WebP、GIF 或 AVIF 图片',
    tooLarge: '图片不能超过 5MB',
  },
  name: {
    label: '昵称',
    placeholder: '请输入昵称',
    tooShort: `昵称需为 2–${NAME_MAX_LENGTH} 个字符`,
    locked: (date: string) =>
      `昵称每 ${NAME_CHANGE_INTERVAL_DAYS} 天可修改一次，${date} 后可再次修改`,
    rule: `昵称每 ${NAME_CHANGE_INTERVAL_DAYS} 天可修改一次`,
  },
  description: { label: '个人简介', placeholder: '介绍一下自己吧' },
  mobile: '手机号',
  email: '邮箱',
  notBound: '未绑定',
  save: '保存',
  saving: '保存中…',
  saved: '保存成功',
  unchanged: '没有需要保存的修改',
  failed: '操作失败，请稍后重试',
  devices: {
    intro: '以下设备登录了你的账号；不认识的设备请及时下线',
    current: '当前设备',
    revoke: '下线',
    revoked: '已下线该设备',
    lastSeen: (when: string) => `最近活跃：${when}`,
    signedInAt: (when: string) => `登录时间：${when}`,
    ip: (ip: string) => `IP：${ip}`,
    empty: '暂无登录设备',
    unknownDevice: '未知设备',
    desktopApp: '甜瓜视频客户端',
  },
} as const;
