import { useStoreValue } from '../../lib/use-store';
import { $photoUploads, type PhotoUpload } from './photo-uploads';
import type { AwaitedPhoto } from './use-publish';

/** How far along a photo's upload is, 0 to 100: sent is most of it, the API's processing the rest. */
export const uploadPercent = (upload: PhotoUpload | undefined) => {
  if (!upload) return 0;
  switch (upload.stage) {
    case 'sending':
      return Math.round(upload.share * 90);
    case 'processing':
      return 95;
    case 'stored':
    case 'refused':
      return 100;
    case 'unsent':
      return 0;
  }
};

/**
 * The photos a publish is waiting for, each filling up (issue 14): they go up as they are picked, and on a slow
 * connection some may still be going when Publish Now is pressed; "Publishing…" alone said nothing of that. Shown
 * outside the form, which is inert while it publishes.
 */
export function UploadProgress({ photos }: { photos: AwaitedPhoto[] }) {
  const uploads = useStoreValue($photoUploads, {});
  const sending = photos.filter(({ key }) => uploads[key]?.stage === 'sending').length;
  return (
    <section className="ed-uploads" aria-label="Photo uploads">
      <p className="ed-uploads__status" role="status">
        {sending > 0
          ? `Sending ${sending} ${sending === 1 ? 'photo' : 'photos'}…`
          : 'Photos sent. Making your page…'}
      </p>
      <ul className="ed-uploads__list">
        {photos.map(({ key, label }) => {
          const percent = uploadPercent(uploads[key]);
          return (
            <li key={key} className="ed-uploads__item">
              <span aria-hidden="true">{label}</span>
              <progress max={100} value={percent} aria-label={`${label} upload`}>
                {percent}%
              </progress>
              <span aria-hidden="true" className="ed-uploads__percent">
                {percent}%
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
