/**
 * The stage advanced danmaku were placed on: bilibili's player of 2014, 672×438 CSS px
 * (decision 020). Pixel coordinates and font sizes are in its pixels; a coordinate from 0 to 1
 * is a share of its width or height.
 */
export const referenceStage = { width: 672, height: 438 } as const;

/** Where the reference stage sits on a canvas: scaled to fit whole, centred. */
export interface StageFit {
  readonly scale: number;
  readonly left: number;
  readonly top: number;
}

export function fitReference(width: number, height: number): StageFit {
  const scale = Math.max(0, Math.min(width / referenceStage.width, height / referenceStage.height));
  return {
    scale,
    left: (width - referenceStage.width * scale) / 2,
    top: (height - referenceStage.height * scale) / 2,
  };
}
