import type { PublishProgress } from './use-publish';

/**
 * Each photo of a publish filling up as it goes (issue 14), then a line saying the page is being made: ten phone
 * photos are several seconds of upload on a slow connection, and "Publishing…" alone said nothing of it. Shown
 * outside the form, which is inert while it publishes.
 */
export function UploadProgress({ progress }: { progress: PublishProgress }) {
  const { photos, shares, sent } = progress;
  return (
    <section className="ed-uploads" aria-label="Photo uploads">
      <p className="ed-uploads__status" role="status">
        {sent
          ? 'Photos sent. Making your page…'
          : `Sending ${photos.length} ${photos.length === 1 ? 'photo' : 'photos'}…`}
      </p>
      <ul className="ed-uploads__list">
        {photos.map((photo, index) => {
          const percent = Math.round((shares[index] ?? 0) * 100);
          return (
            <li key={photo.label} className="ed-uploads__item">
              <span aria-hidden="true">{photo.label}</span>
              <progress max={100} value={percent} aria-label={`${photo.label} upload`}>
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
