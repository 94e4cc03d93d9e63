import fs from 'node:fs';
import sharp from 'sharp';

/**
 * A 12-megapixel phone-like JPEG (4000 × 3000): coloured noise drawn at a quarter of the size and scaled up, so it
 * has the detail and the size of a real photo (a few MB) rather than compressing to nothing as a flat colour would.
 */
export async function twelveMegapixelJpeg(seed: number): Promise<Buffer> {
  const small = await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: { r: 90 + (seed % 7) * 20, g: 120, b: 150 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(small).resize(4000, 3000, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * The same picture under a different content id (a JPEG comment segment after SOI): each upload in a burst is
 * decoded in full, as distinct photos are, instead of being found already stored.
 */
export function variant(jpeg: Buffer, n: number): Buffer {
  const text = Buffer.from(`bench variant ${n}`);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.length, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** A multipart save with one work photo, over HTTP as the editor sends it; resolves with the status. */
export async function publishPhoto(baseUrl: string, token: string, jpeg: Buffer): Promise<number> {
  const form = new FormData();
  form.append('full_name', 'Uma Upload');
  form.append('works', new File([new Uint8Array(jpeg)], 'photo.jpg', { type: 'image/jpeg' }));
  const response = await fetch(`${baseUrl}/api/business-card/create_business_card`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Resident memory (VmRSS) of a process now, in MB, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  const status = readStatus(pid);
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

/** Threads of a process now (the render pool's workers come and go). */
export function threadCount(pid: number): number {
  return Number(/^Threads:\s+(\d+)/m.exec(readStatus(pid))?.[1] ?? 0);
}

const readStatus = (pid: number) => fs.readFileSync(`/proc/${pid}/status`, 'utf8');
