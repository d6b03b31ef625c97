import QRCode from 'qrcode';

/** A QR code of `text` as SVG markup, drawn on the server for <QrImage>. */
export const qrCodeSvg = (text: string): Promise<string> =>
  QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
