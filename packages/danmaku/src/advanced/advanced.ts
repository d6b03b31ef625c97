/** A point on bilibili's reference stage, in its pixels (see reference-stage.ts). */
export interface StagePoint {
  readonly x: number;
  readonly y: number;
}

/**
 * A bilibili advanced danmaku (mode 7) as its JSON array describes it, checked and in plain
 * units: reference-stage pixels, milliseconds from the danmaku's time, degrees.
 */
export interface Advanced {
  /** Plain text; `\n` breaks a line. */
  readonly text: string;
  /** Opacity at the start and at the end of its life, 0–1, in between by time. */
  readonly alphaFrom: number;
  readonly alphaTo: number;
  /** How long it shows. */
  readonly lifetime: number;
  /** Clockwise, about its top left corner. */
  readonly rotateZ: number;
  /** About the vertical axis through its top left corner: seen flat, its width shrinks by cos. */
  readonly rotateY: number;
  /**
   * Where it goes: its start, then its end, or every point of its extended motion path. Its
   * top left corner is placed there.
   */
  readonly path: readonly StagePoint[];
  /** The motion starts this long after it appears and lasts `motionDuration`. */
  readonly motionDelay: number;
  readonly motionDuration: number;
  /** bilibili's 线性加速: the motion starts at rest and speeds up, instead of a constant speed. */
  readonly accelerate: boolean;
  /** Drawn with its dark outline (bilibili's 描边). */
  readonly stroke: boolean;
  /** A safe CSS font-family list (names only), or undefined for the engine's own. */
  readonly fontFamily: string | undefined;
}
