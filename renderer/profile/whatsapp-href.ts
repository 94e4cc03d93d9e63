import { withoutControls } from './safe-href';

/** A number the dialler can use as it is: E.164 with no extension (a switchboard's extension can't be messaged). */
const E164_TEL = /^tel:\+(\d{7,15})$/;
/** UK mobiles: 07… read as British, or +44 7… */
const UK_MOBILE = /^447/;
/** Typed with its country code, `+…` or `00…`. */
const INTERNATIONAL = /^\s*(\+|00)/;

/**
 * WhatsApp's click-to-chat link for a number that may take WhatsApp, from the page's own tel: href (tel-href.ts) so
 * the number is read once, the same way. A UK mobile can; a UK landline typed as 0113… almost never does; a number
 * typed in international form is offered too, as it is often a mobile from abroad (a country's mobile ranges aren't in
 * the small dialling data the page and the editor share) or a landline on WhatsApp Business.
 */
export function whatsappHref(typed: string, tel: string | undefined): string | undefined {
  const digits = tel === undefined ? undefined : E164_TEL.exec(tel)?.[1];
  if (digits === undefined) return undefined;
  return UK_MOBILE.test(digits) || INTERNATIONAL.test(withoutControls(typed))
    ? `https://wa.me/${digits}`
    : undefined;
}
