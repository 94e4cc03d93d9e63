import { telUri } from '../../events/card/phone';
import { safeHref, withoutControls } from './safe-href';

/** How the page turns a typed phone number into a link: a tel: href, or undefined when it can't be dialled. */
export type TelHref = (phone: string) => string | undefined;

/**
 * Dialers want E.164: `+44 (0)7700 900-123 ext. 5` is `tel:+447700900123;ext=5`. Undefined for what cannot be
 * dialled (an older card may hold one), so the page shows the number as text rather than a broken link. Kept apart
 * from safe-href.ts: libphonenumber's country data is a large part of a script, which the editor loads only after it
 * has drawn (site/src/app/editor/tel-href.ts).
 */
export const telHref: TelHref = (phone) => {
  const uri = telUri(withoutControls(phone));
  return uri === undefined ? undefined : safeHref(uri);
};
