import QRCode from 'qrcode';
import sharp from 'sharp';

/** Error correction H survives a scuffed or partly covered print; margin 0 because the layouts add their own. */
const OPTIONS = { errorCorrectionLevel: 'H', margin: 0 } as const;

/** The in-app size (SPEC §5: width 200). */
export const QR_APP_WIDTH = 200;

export const qrSvg = (url: string): Promise<string> => QRCode.toString(url, { ...OPTIONS, type: 'svg' });

/**
 * Drawn straight from the module matrix: qrcode's own PNG writer takes ~200 ms for a print-size code on our
 * hardware, this about 50 ms. Modules are whole pixels, then scaled to the exact width with nearest-neighbour,
 * so edges stay sharp for scanners.
 */
export async function qrPng(url: string, width: number = QR_APP_WIDTH): Promise<Buffer> {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: OPTIONS.errorCorrectionLevel });
  const size = modules.size;
  const scale = Math.max(1, Math.ceil(width / size));
  const side = size * scale;
  const pixels = Buffer.alloc(side * side, 255);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!modules.get(row, column)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (row * scale + dy) * side + column * scale;
        pixels.fill(0, start, start + scale);
      }
    }
  }
  return (
    sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
      .resize(width, width, { kernel: 'nearest' })
      // Greyscale, not palette: libimagequant's quantiser alone costs ~150 ms here, for a smaller file nobody needs.
      .png({ compressionLevel: 9 })
      .toBuffer()
  );
}
