/** One photo of a publish, with where its bytes fall in the request body. */
export type PhotoUpload = { label: string; start: number; size: number };

/** What a multipart part costs beside its content: its boundary line and headers, about this many bytes. */
const PART_OVERHEAD = 160;

/** A field's name as the API words it in its messages (api/routes/business-card.ts photoLabel). */
function labelOf(field: string, workNumber: number) {
  if (field === 'avatar') return 'Profile photo';
  if (field === 'works') return `Work image ${workNumber}`;
  return 'Cover photo';
}

const keptWorks = (value: FormDataEntryValue | null) => {
  if (typeof value !== 'string') return 0;
  try {
    const kept: unknown = JSON.parse(value);
    return Array.isArray(kept) ? kept.length : 0;
  } catch {
    return 0;
  }
};

/**
 * The photos of a publish form in the order the browser sends them, each with the offset its bytes start at. The
 * offsets are estimates (part headers are written by the browser), close enough to show each photo filling up in
 * turn as the upload's total progress passes through it.
 */
export function photoUploads(form: FormData): PhotoUpload[] {
  const uploads: PhotoUpload[] = [];
  let offset = 0;
  let works = keptWorks(form.get('existing_works'));
  for (const [name, value] of form.entries()) {
    offset += PART_OVERHEAD + new TextEncoder().encode(name).length;
    if (typeof value === 'string') {
      offset += new TextEncoder().encode(value).length;
      continue;
    }
    if (name === 'works') works += 1;
    uploads.push({ label: labelOf(name, works), start: offset, size: value.size });
    offset += value.size;
  }
  return uploads;
}

/**
 * How much of each photo has gone, from 0 to 1, once `loaded` of `total` body bytes have. The estimated offsets are
 * scaled to the true total, so the last photo is full exactly when the browser says the body has gone.
 */
export function photoShares(uploads: PhotoUpload[], loaded: number, total: number): number[] {
  const last = uploads.at(-1);
  const estimated = last ? last.start + last.size : 0;
  const sent = total > 0 && estimated > 0 ? (loaded / total) * Math.max(estimated, 1) : 0;
  return uploads.map(({ start, size }) =>
    loaded >= total
      ? 1
      : size === 0
        ? sent >= start
          ? 1
          : 0
        : Math.min(1, Math.max(0, (sent - start) / size)),
  );
}
