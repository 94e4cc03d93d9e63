import { useStoreValue } from '../../lib/use-store';
import type { EditorImage } from './draft';
import { $photoUploads } from './photo-uploads';
import { uploadPercent } from './UploadProgress';

/**
 * A picked photo's upload, on its thumbnail (issue 14): filling up while it goes, then "Processing…" while the API
 * makes its sizes, then nothing once it is stored. One that got no answer says it will be sent again on publish.
 */
export function PhotoStatus({ image, label }: { image: EditorImage | null; label: string }) {
  const uploads = useStoreValue($photoUploads, {});
  if (image?.kind !== 'new' || image.stored) return null;
  const upload = uploads[image.key];
  if (upload?.stage === 'unsent')
    return (
      <span className="ed-photo-status ed-photo-status--unsent">Not sent yet: will retry on publish</span>
    );
  if (upload?.stage === 'processing') return <span className="ed-photo-status">Processing…</span>;
  const percent = uploadPercent(upload);
  return (
    <span className="ed-photo-status">
      <progress max={100} value={percent} aria-label={`${label} upload`}>
        {percent}%
      </progress>
    </span>
  );
}
