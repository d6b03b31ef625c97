import QRCode from 'qrcode';

/** The address as a QR code, an SVG document sized by its viewBox. */
export const qrCodeSvg = (text: string): Promise<string> =>
  QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
