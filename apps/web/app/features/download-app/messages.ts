import type { AppPlatform } from '@melon/shared/contracts/site-info';
import type { InstallPlatform } from './install-platform.ts';

/** The download page /app (decision 056). */
export const downloadAppMessages = {
  title: '下载客户端',
  heading: '甜瓜视频 App',
  tagline: '把甜瓜视频装到桌面或主屏幕，像应用一样打开：独立窗口、全屏播放，无需应用商店。',
  install: {
    heading: '安装到本设备',
    button: '安装到桌面',
    installing: '正在安装…',
    installed: '已安装',
    installedHint: '甜瓜视频已安装在这台设备上，可以从桌面或主屏幕打开。',
    standaloneHint: '你正在使用已安装的甜瓜视频。',
    promptHint: '浏览器支持一键安装：点上面的按钮，按提示确认。',
    manualHint: '按下面的步骤，用浏览器把甜瓜视频添加到桌面或主屏幕：',
    dismissed: '已取消安装，可以随时再装',
    failed: '安装没有完成，请按下面的步骤手动添加',
    otherGuides: '其他设备',
  },
  guides: {
    ios: {
      name: 'iPhone / iPad（Safari）',
      steps: [
        '用 Safari 打开本站',
        '点底部（iPad 在顶部）的“分享”按钮',
        '选择“添加到主屏幕”，再点“添加”',
      ],
    },
    android: {
      name: 'Android（Chrome）',
      steps: ['用 Chrome 打开本站', '点右上角的菜单 ⋮', '选择“安装应用”或“添加到主屏幕”'],
    },
    desktop: {
      name: '电脑（Chrome / Edge）',
      steps: [
        '用 Chrome 或 Edge 打开本站',
        '点地址栏右侧的安装图标，或在菜单中选择“安装甜瓜视频”',
        '安装后从桌面、开始菜单或程序坞打开',
      ],
    },
  } satisfies Record<InstallPlatform, { name: string; steps: readonly string[] }>,
  phone: {
    heading: '手机扫码打开',
    text: '用手机相机或微信扫一扫，在浏览器中打开后添加到主屏幕。',
    qrAlt: '本站地址的二维码',
  },
  packages: {
    heading: '客户端安装包',
    text: '也可以下载运营方提供的客户端：',
    download: '下载',
    /** The link's name for a screen reader, whose list of links shows no row around it. */
    downloadFor: (platform: string) => `下载 ${platform} 客户端`,
    version: (version: string) => `版本 ${version}`,
    platforms: {
      windows: 'Windows',
      macos: 'macOS',
      linux: 'Linux',
      android: 'Android',
      ios: 'iOS',
    } satisfies Record<AppPlatform, string>,
  },
} as const;
