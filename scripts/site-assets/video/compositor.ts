import sharp, { type Sharp } from 'sharp';

/**
 * A tiny compositor for the video's frames: RGB frames, RGBA layers, integer positions. Everything the video
 * moves is drawn here per frame; sharp only prepares the layers once.
 */

export const W = 1280;
export const H = 720;
export const FPS = 30;

/** Straight (not premultiplied) RGBA pixels. */
export type Layer = { data: Buffer; width: number; height: number };
export type Frame = Buffer;

export async function toLayer(image: Buffer | Sharp): Promise<Layer> {
  const pipeline = Buffer.isBuffer(image) ? sharp(image) : image;
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A full-frame opaque layer as an RGB frame, to copy from. */
export async function toFrame(image: Buffer): Promise<Frame> {
  const { data } = await sharp(image).resize(W, H).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return data;
}

type Region = { top: number; height: number };

/**
 * Draws `layer` (or rows `region` of it) with its top-left at (x, y), blended by its alpha times `opacity`;
 * `clip` limits the rows of the frame it may touch.
 */
export function draw(
  frame: Frame,
  layer: Layer,
  x: number,
  y: number,
  options: { opacity?: number; region?: Region; clip?: Region } = {},
): void {
  const opacity = options.opacity ?? 1;
  if (opacity <= 0) return;
  const left = Math.round(x);
  const top = Math.round(y);
  const srcTop = options.region?.top ?? 0;
  const rows = Math.min(options.region?.height ?? layer.height, layer.height - srcTop);
  const clipTop = Math.max(0, options.clip?.top ?? 0);
  const clipBottom = Math.min(H, options.clip ? options.clip.top + options.clip.height : H);
  for (let row = 0; row < rows; row++) {
    const fy = top + row;
    if (fy < clipTop || fy >= clipBottom) continue;
    const srcRow = (srcTop + row) * layer.width * 4;
    for (let col = 0; col < layer.width; col++) {
      const fx = left + col;
      if (fx < 0 || fx >= W) continue;
      const s = srcRow + col * 4;
      const a = ((layer.data[s + 3] as number) / 255) * opacity;
      if (a <= 0) continue;
      const d = (fy * W + fx) * 3;
      for (let c = 0; c < 3; c++) {
        const under = frame[d + c] as number;
        frame[d + c] = under + ((layer.data[s + c] as number) - under) * a + 0.5;
      }
    }
  }
}

/** An anti-aliased filled circle, for the touch marker. */
export function circle(
  frame: Frame,
  cx: number,
  cy: number,
  r: number,
  rgb: number[],
  opacity: number,
): void {
  for (let y = Math.floor(cy - r - 1); y <= Math.ceil(cy + r + 1); y++) {
    if (y < 0 || y >= H) continue;
    for (let x = Math.floor(cx - r - 1); x <= Math.ceil(cx + r + 1); x++) {
      if (x < 0 || x >= W) continue;
      const edge = Math.min(1, Math.max(0, r - Math.hypot(x - cx, y - cy) + 0.5));
      const a = edge * opacity;
      if (a <= 0) continue;
      const d = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) {
        const under = frame[d + c] as number;
        frame[d + c] = under + ((rgb[c] as number) - under) * a + 0.5;
      }
    }
  }
}

/** Crossfade: `t` 0 is all `a`, 1 all `b`. */
export function mix(a: Frame, b: Frame, t: number): Frame {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++)
    out[i] = (a[i] as number) + ((b[i] as number) - (a[i] as number)) * t + 0.5;
  return out;
}

/** Slide: `a` leaves to the left as `b` comes in from the right. */
export function slide(a: Frame, b: Frame, t: number): Frame {
  const shift = Math.round(W * t);
  const out = Buffer.alloc(a.length);
  for (let y = 0; y < H; y++) {
    const row = y * W * 3;
    a.copy(out, row, row + shift * 3, row + W * 3);
    b.copy(out, row + (W - shift) * 3, row, row + shift * 3);
  }
  return out;
}

export const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
/** 0 before `from`, 1 after `to`, eased in and out between. */
export const ease = (t: number, from: number, to: number) => {
  const p = clamp01((t - from) / (to - from));
  return p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) ** 3 / 2;
};
