import { useEffect, useState } from 'react';
import { safeHref } from '../../../../renderer/profile/safe-href';
import type { TelHref } from '../../../../renderer/profile/tel-href';

/** Until the page's own dialler has loaded: digits and a leading plus, as pages dialled before libphonenumber. */
const roughTelHref: TelHref = (phone) => {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return digits.replace('+', '') === '' ? undefined : safeHref(`tel:${digits}`);
};

/**
 * The published page's dialler for the preview, loaded once the editor has drawn: libphonenumber's country data
 * would nearly double the editor's first script, and the preview's Call link can follow a moment later.
 */
export function useTelHref(): TelHref {
  const [telHref, setTelHref] = useState<TelHref>(() => roughTelHref);
  useEffect(() => {
    let mounted = true;
    void import('../../../../renderer/profile/tel-href').then((loaded) => {
      if (mounted) setTelHref(() => loaded.telHref);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return telHref;
}
