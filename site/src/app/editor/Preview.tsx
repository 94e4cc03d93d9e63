import { memo, useState } from 'react';
import { ProfileCard } from '../../../../renderer/profile/ProfileCard';
import type { DisplayCard } from '../../../../renderer/profile/view-model';
import { NOT_PUBLISHED_YET } from '../shell/page-status';
import { previewCss } from './preview-styles';
import { useTelHref } from './tel-href';

type Props = {
  card: DisplayCard;
  sample: boolean;
  empty: boolean;
  username: string;
  /** False until the first publish: there is no page to visit yet (the header card says why). */
  published?: boolean;
};

/**
 * The live preview: the published page's own ProfileCard, in a phone on desktop; on a phone it folds away behind
 * Hide Preview / Show Preview, beside a Visit Page tab.
 */
export const Preview = memo(function Preview({ card, sample, empty, username, published = true }: Props) {
  const [open, setOpen] = useState(true);
  const telHref = useTelHref();
  const page = `/u/${encodeURIComponent(username)}`;
  return (
    <section className="ed-preview" aria-labelledby="ed-preview-title">
      <style>{previewCss}</style>
      <div className="ed-preview__tabs">
        <button
          type="button"
          className="ed-preview__tab"
          aria-expanded={open}
          aria-controls="ed-preview-screen"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide Preview' : 'Show Preview'}
        </button>
        {published ? (
          <a className="ed-preview__tab" href={page} target="_blank" rel="noopener">
            Visit Page
          </a>
        ) : (
          <button type="button" className="ed-preview__tab" disabled title={NOT_PUBLISHED_YET}>
            Visit Page
          </button>
        )}
      </div>
      <div className={open ? 'ed-preview__body' : 'ed-preview__body ed-preview__body--closed'}>
        <h2 id="ed-preview-title" className="ed-preview__title">
          Live preview
        </h2>
        {sample && (
          <p className="ed-preview__note">
            <strong>Example page.</strong> This sample shows what a page can look like; none of it is yours or
            will be published. Your own page takes its place as soon as you change anything.
          </p>
        )}
        {empty && (
          <p className="ed-preview__note">
            <strong>Your page is empty so far.</strong> Add a heading, your name, a photo, a service, a review
            or a way to contact you, and it appears here.
          </p>
        )}
        <div className="ed-phone">
          <section
            id="ed-preview-screen"
            className="ed-phone__screen"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling screen must take focus to scroll by keyboard
            tabIndex={0}
            aria-label={sample ? 'Sample page preview' : 'Preview of your page'}
            data-preview={sample ? 'sample' : 'draft'}
          >
            {sample && (
              <span className="ed-preview__badge" aria-hidden="true">
                Example
              </span>
            )}
            <ProfileCard
              card={card}
              username={username}
              saveContactHref={`${page}/contact.vcf`}
              variant="preview"
              telHref={telHref}
            />
          </section>
        </div>
      </div>
    </section>
  );
});
