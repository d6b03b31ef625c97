export const white = 0xffffff;

/** `#rrggbb`, zero-padded, so 255 is `#0000ff` and never the invalid `#ff`. */
export function colourToHex(colour: number): string {
  return `#${(colour & white).toString(16).padStart(6, '0')}`;
}

/** Relative luminance in 0–1 (sRGB weights, no gamma: good enough to pick an outline). */
export function luminance(colour: number): number {
  const r = (colour >> 16) & 0xff;
  const g = (colour >> 8) & 0xff;
  const b = colour & 0xff;
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

export function isColour(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= white;
}
