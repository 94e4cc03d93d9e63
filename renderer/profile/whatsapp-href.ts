import { withoutControls } from './safe-href';

/** A number the dialler can use as it is: E.164 with no extension (a switchboard's extension can't be messaged). */
const E164_TEL = /^tel:\+(\d{7,15})$/;
/** UK mobiles: 07… read as British, or +44 7… */
const UK_MOBILE = /^447/;
/** Typed with its country code, `+…` or `00…`. */
const INTERNATIONAL = /^\s*(\+|00)/;

/** Half a surrogate pair: JSON can carry one, encodeURIComponent throws on it, and the page must render regardless. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * WhatsApp's click-to-chat link for a number that may take WhatsApp, from the page's own tel: href (tel-href.ts) so
 * the number is read once, the same way; the chat opens with `greeting` typed in, for the customer to change or
 * send. A UK mobile can take WhatsApp; a UK landline typed as 0113… almost never does; a number typed in
 * international form is offered too, as it is often a mobile from abroad (a country's mobile ranges aren't in the
 * small dialling data the page and the editor share) or a landline on WhatsApp Business.
 */
export function whatsappHref(typed: string, tel: string | undefined, greeting = ''): string | undefined {
  const digits = tel === undefined ? undefined : E164_TEL.exec(tel)?.[1];
  if (digits === undefined) return undefined;
  if (!UK_MOBILE.test(digits) && !INTERNATIONAL.test(withoutControls(typed))) return undefined;
  const text = greeting.trim().replace(LONE_SURROGATE, '\uFFFD');
  return `https://wa.me/${digits}${text === '' ? '' : `?text=${encodeURIComponent(text)}`}`;
}
