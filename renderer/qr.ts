import QRCode from 'qrcode';

/** Error correction H survives a scuffed or partly covered print; margin 0 because the layouts add their own. */
const OPTIONS = { errorCorrectionLevel: 'H', margin: 0 } as const;

/** Print-quality and in-app sizes (SPEC §5: width 200). */
export const QR_APP_WIDTH = 200;
export const QR_PRINT_WIDTH = 1200;

export const qrSvg = (url: string): Promise<string> => QRCode.toString(url, { ...OPTIONS, type: 'svg' });

export const qrPng = (url: string, width: number = QR_APP_WIDTH): Promise<Buffer> =>
  QRCode.toBuffer(url, { ...OPTIONS, type: 'png', width });
