import type { ImgHTMLAttributes } from 'react';

type QrImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  /** SVG markup of the code (drawn on the server). */
  svg: string;
  alt: string;
  size: number;
};

const svgSource = (svg: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A QR code drawn as SVG markup, shown as an image of `size` pixels square. */
export function QrImage({ svg, size, alt, ...rest }: QrImageProps) {
  return <img {...rest} src={svgSource(svg)} alt={alt} width={size} height={size} />;
}
