/** A screen and a machine to run a trial on. */
export interface Conditions {
  readonly name: string;
  readonly viewport: { readonly width: number; readonly height: number };
  readonly deviceScaleFactor: number;
  readonly mobile: boolean;
  /** Chromium's CPU throttling rate (CDP Emulation.setCPUThrottlingRate); 1 is none. */
  readonly cpuSlowdown: number;
  /** The player's box, where danmaku are drawn. */
  readonly stage: { readonly width: number; readonly height: number };
  /** The normal danmaku size on that player (the web app shrinks it below 640 px). */
  readonly fontPx: number;
}

export const desktop: Conditions = {
  name: 'desktop',
  viewport: { width: 1280, height: 720 },
  deviceScaleFactor: 1,
  mobile: false,
  cpuSlowdown: 1,
  stage: { width: 1280, height: 720 },
  fontPx: 25,
};

/**
 * A 390×844 phone held upright (3 device pixels a CSS pixel), the player across its width at
 * 16:9, danmaku at the web app's size for a 390 px player (25 × 390 / 640), the CPU 4× slower.
 */
export const phone: Conditions = {
  name: 'phone',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  mobile: true,
  cpuSlowdown: 4,
  stage: { width: 390, height: 219 },
  fontPx: 15,
};
