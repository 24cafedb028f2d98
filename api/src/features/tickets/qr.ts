import QRCode from 'qrcode';

const OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2, width: 256 };

export const qrSvg = (text: string): Promise<string> => QRCode.toString(text, { ...OPTIONS, type: 'svg' });

export const qrPng = (text: string): Promise<Buffer> => QRCode.toBuffer(text, { ...OPTIONS, type: 'png' });

export async function qrSvgDataUrl(text: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await qrSvg(text)).toString('base64')}`;
}
