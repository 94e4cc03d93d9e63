/**
 * The cover's frame on the published page: as wide as the page (36rem at most) and at most 18rem tall
 * (renderer/profile/styles.ts `.tc>*` and `.tc-cv`), so 2:1 at its widest. A cover cropped to 2:1 shows whole at
 * every width: narrower pages make it shorter, never cut it.
 */
export const COVER_ASPECT = 2;
export const MAX_ZOOM = 4;

/** A crop of a `width` × `height` photo: its centre in the photo's pixels and how far it is zoomed in (1 = widest). */
export type Crop = { centreX: number; centreY: number; zoom: number };
export type Photo = { width: number; height: number };

/** The crop's size in the photo's pixels: the largest `aspect` rectangle that fits, divided by the zoom. */
export function cropSize(photo: Photo, aspect: number, zoom: number) {
  const widest = Math.min(photo.width, photo.height * aspect);
  const width = widest / zoom;
  return { width, height: width / aspect };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The crop moved back inside the photo, its zoom between 1 and MAX_ZOOM. */
export function settle(photo: Photo, aspect: number, crop: Crop): Crop {
  const zoom = clamp(crop.zoom, 1, MAX_ZOOM);
  const { width, height } = cropSize(photo, aspect, zoom);
  return {
    zoom,
    centreX: clamp(crop.centreX, width / 2, photo.width - width / 2),
    centreY: clamp(crop.centreY, height / 2, photo.height - height / 2),
  };
}

/** The widest crop, centred: what the page shows of the photo before anyone moves it. */
export const centred = (photo: Photo): Crop => ({
  centreX: photo.width / 2,
  centreY: photo.height / 2,
  zoom: 1,
});

/** The part of the photo the crop keeps, in whole pixels, for drawing it onto a canvas. */
export function cropRect(photo: Photo, aspect: number, crop: Crop) {
  const { width, height } = cropSize(photo, aspect, crop.zoom);
  const sx = Math.round(clamp(crop.centreX - width / 2, 0, photo.width - width));
  const sy = Math.round(clamp(crop.centreY - height / 2, 0, photo.height - height));
  return { sx, sy, sw: Math.round(width), sh: Math.round(height) };
}

/**
 * Where the photo sits in the frame for this crop, as CSS percentages of the frame, so the frame can be any size:
 * width and left are of the frame's width, top of its height.
 */
export function placement(photo: Photo, aspect: number, crop: Crop) {
  const { width, height } = cropSize(photo, aspect, crop.zoom);
  return {
    width: `${(photo.width / width) * 100}%`,
    left: `${(-(crop.centreX - width / 2) / width) * 100}%`,
    top: `${(-(crop.centreY - height / 2) / height) * 100}%`,
  };
}

/** The crop moved by a drag or a key: `dx`, `dy` as fractions of the frame (a drag right moves the photo right). */
export function moved(photo: Photo, aspect: number, crop: Crop, dx: number, dy: number): Crop {
  const { width, height } = cropSize(photo, aspect, crop.zoom);
  return settle(photo, aspect, {
    ...crop,
    centreX: crop.centreX - dx * width,
    centreY: crop.centreY - dy * height,
  });
}
