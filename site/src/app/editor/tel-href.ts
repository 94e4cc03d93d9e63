import { useEffect, useState } from 'react';
import { safeHref } from '../../../../renderer/profile/safe-href';
import type { TelHref } from '../../../../renderer/profile/tel-href';

/**
 * The editor's check before it sends: 7 to 15 digits before any extension, as E.164 allows. The API checks with
 * libphonenumber and answers the same sentence for what gets past this.
 */
export const roughlyDiallable = (typed: string) => {
  const digits = typed.split(/e?xt|#|x/i)[0]?.replace(/\D/g, '') ?? '';
  return digits.length >= 7 && digits.length <= 15;
};

/** Until the page's own dialler has loaded: digits and a leading plus, as pages dialled before libphonenumber. */
const roughTelHref: TelHref = (phone) => {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return digits.replace('+', '') === '' ? undefined : safeHref(`tel:${digits}`);
};

/** The first sign that someone is using the editor (not merely loading it). */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The published page's dialler for the preview, loaded at the first touch, key or focus: libphonenumber's country
 * data would nearly double the editor's script, and fetched and run while the editor opens it held the first paint
 * back (Lighthouse: performance 95 → 93, blocking time 57 → 165 ms). Nobody reads the preview's Call link before
 * touching the editor, and it is right from then on.
 */
export function useTelHref(): TelHref {
  const [telHref, setTelHref] = useState<TelHref>(() => roughTelHref);
  useEffect(() => {
    let mounted = true;
    const load = () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, load, true);
      void import('../../../../renderer/profile/tel-href').then((loaded) => {
        if (mounted) setTelHref(() => loaded.telHref);
      });
    };
    for (const type of INTENT_EVENTS) window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      mounted = false;
      for (const type of INTENT_EVENTS) window.removeEventListener(type, load, true);
    };
  }, []);
  return telHref;
}
